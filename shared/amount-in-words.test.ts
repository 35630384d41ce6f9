import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-in-words';

describe('amountInWords', () => {
  it.each([
    [0, 'Zero Rupees Only', 'शून्य रुपये मात्र'],
    [100, 'One Rupee Only', 'एक रुपया मात्र'],
    [9_900, 'Ninety Nine Rupees Only', 'निन्यानवे रुपये मात्र'],
    [99, 'Zero Rupees And Ninety Nine Paise Only', 'शून्य रुपये और निन्यानवे पैसे मात्र'],
    [140_000, 'One Thousand Four Hundred Rupees Only', 'एक हज़ार चार सौ रुपये मात्र'],
    [10_000_000, 'One Lakh Rupees Only', 'एक लाख रुपये मात्र'],
    [1_000_000_000, 'One Crore Rupees Only', 'एक करोड़ रुपये मात्र'],
    [
      12_345_678_950,
      'Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine Rupees And Fifty Paise Only',
      'बारह करोड़ चौंतीस लाख छप्पन हज़ार सात सौ नवासी रुपये और पचास पैसे मात्र',
    ],
    [100_105, 'One Thousand One Rupees And Five Paise Only', 'एक हज़ार एक रुपये और पांच पैसे मात्र'],
  ])('%i paise', (paise, en, hi) => {
    expect(amountInWords(paise)).toEqual({ en, hi });
  });

  it('refuses what is not a whole number of paise', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
});
