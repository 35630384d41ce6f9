import { describe, expect, it } from 'vitest';
import { en } from '@web/lib/i18n/en';
import { hi } from '@web/lib/i18n/hi';
import { pickPageMessages } from '@functions/lib/pages/page-message-keys';
import { BILL_MESSAGES, COMMON_MESSAGES, LETTER_MESSAGES, LOT_MESSAGES } from '@functions/lib/pages/page-messages';

/** The generated module's constant for each set. */
const GENERATED = { common: COMMON_MESSAGES, bill: BILL_MESSAGES, lot: LOT_MESSAGES, letter: LETTER_MESSAGES } as const;

describe('the QR pages speak with the app', () => {
  it.each(['common', 'bill', 'lot', 'letter'] as const)(
    "hold the app's texts of the %s set, word for word (else run infra/make-page-messages.ts)",
    (set) => {
      const messages = GENERATED[set];
      expect(messages.hi).toEqual(pickPageMessages(hi, set));
      expect(messages.en).toEqual(pickPageMessages(en, set));
    },
  );
});
