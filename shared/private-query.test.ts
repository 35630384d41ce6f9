import { describe, expect, it } from 'vitest';
import { holdsAadhaar } from './private-query';

describe('holdsAadhaar', () => {
  it.each(['234567890123', '2345 6789 0123', '2345-6789-0123', 'x 234567890123 y'])('finds %s', (v) =>
    expect(holdsAadhaar(v)).toBe(true),
  );
  it.each(['Ram Kumar', '9876543210', '23456789012', '0123', '2345 6789'])('leaves %s in the URL', (v) =>
    expect(holdsAadhaar(v)).toBe(false),
  );
});
