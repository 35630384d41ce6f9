import { ToWords as EnglishIndia } from 'to-words/en-IN';
import { ToWords as HindiIndia } from 'to-words/hi-IN';

/**
 * A bill's amount in words, in Indian numbering (thousand, lakh, crore; rupees and paise), in English and
 * Hindi (docs/product-rules.md#bill-of-supply; the library's choice: docs/decisions/0024-amount-in-words.md).
 * The sales function writes them with each bill; the offline counter prints them on a bill made without a network
 * (its screen is loaded only when asked for, so no other page carries the library).
 */
const options = { converterOptions: { currency: true, ignoreDecimal: false, ignoreZeroCurrency: false } };
const english = new EnglishIndia(options);
const hindi = new HindiIndia(options);

export interface AmountInWords {
  en: string;
  hi: string;
}

export function amountInWords(paise: number): AmountInWords {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not an amount in paise: ${paise}`);
  const rupees = paise / 100;
  // The Hindi locale ends without a word for "only"; bills write मात्र there.
  return { en: english.convert(rupees), hi: `${hindi.convert(rupees)} मात्र` };
}
