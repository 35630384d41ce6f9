import { describe, expect, it } from 'vitest';
import { currentYear } from './lots';

describe('currentYear', () => {
  it('is the year in India, which starts 5½ hours before it does in UTC', () => {
    expect(currentYear(new Date('2026-12-31T18:29:59Z'))).toBe(2026);
    expect(currentYear(new Date('2026-12-31T18:30:00Z'))).toBe(2027);
    expect(currentYear(new Date('2027-01-01T03:00:00Z'))).toBe(2027);
  });
});
