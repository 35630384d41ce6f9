import { describe, expect, it } from 'vitest';
import type { FieldErrors } from 'react-hook-form';
import { messagesOf } from './field-messages';

describe('messagesOf', () => {
  it('lists top-level, nested and array field messages by dotted path, in order', () => {
    const errors = {
      cropName: { type: 'too_small', message: 'Crop name is required' },
      rules: { minQty: { type: 'custom', message: 'At least 1' }, maxQty: { type: 'custom', message: 'At most 10' } },
      ShiftLabels: [undefined, { type: 'too_big', message: 'Too long' }],
    } as unknown as FieldErrors;
    expect(messagesOf(errors)).toEqual([
      ['cropName', 'Crop name is required'],
      ['rules.minQty', 'At least 1'],
      ['rules.maxQty', 'At most 10'],
      ['ShiftLabels.1', 'Too long'],
    ]);
  });

  it('gives nothing for a form without messages', () => {
    expect(messagesOf({})).toEqual([]);
  });
});
