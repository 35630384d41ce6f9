import { describe, expect, it } from 'vitest';
import * as shared from '../../../../shared/schemas/registration';
import * as fields from './fields';

describe('registration form constants (zod-free copy)', () => {
  it('are the shared schema module’s values', () => {
    expect(fields.CATEGORIES).toEqual(shared.CATEGORIES);
    expect(fields.GENDERS).toEqual(shared.GENDERS);
    expect(fields.FILE_FIELD).toBe(shared.FILE_FIELD);
    expect(fields.FILE_ACCEPT).toBe(shared.FILE_ACCEPT);
  });

  it('filter digits as the shared digitsOnly does', () => {
    for (const [v, max] of [['1234 5678-9012 34', 12], ['98x76 54321', 10], ['', 10], ['abc', undefined], ['0012', undefined]] as const) {
      expect(fields.digitsOnly(v, max)).toBe(shared.digitsOnly(v, max));
    }
  });
});
