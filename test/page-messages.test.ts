import { describe, expect, it } from 'vitest';
import { en } from '@web/lib/i18n/en';
import { hi } from '@web/lib/i18n/hi';
import { pickPageMessages } from '@functions/lib/pages/page-message-keys';
import * as generated from '@functions/lib/pages/page-messages';

describe('the QR pages speak with the app', () => {
  it.each(['common', 'bill', 'lot', 'letter'] as const)(
    "hold the app's texts of the %s set, word for word (else run infra/make-page-messages.ts)",
    (set) => {
      const messages = generated[`${set.toUpperCase()}_MESSAGES` as keyof typeof generated];
      expect(messages.hi).toEqual(pickPageMessages(hi, set));
      expect(messages.en).toEqual(pickPageMessages(en, set));
    },
  );
});
