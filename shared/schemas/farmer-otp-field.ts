import * as z from 'zod';
import { westernDigits } from '../typed-numbers';

/** The one-time code's length (docs/decisions/0043-farmer-one-time-codes.md). */
export const OTP_DIGITS = 6;
export const MSG_OTP = 'SMS में आया 6 अंकों का कोड लिखें / Enter the 6-digit code from the SMS';

/** The code as typed: 6 digits, Devanagari digits read as such, spaces tolerated. */
export const otpField = z.preprocess(
  (v) => (typeof v === 'string' ? westernDigits(v).replace(/\s/g, '') : v),
  z.string({ error: MSG_OTP }).regex(new RegExp(`^\\d{${OTP_DIGITS}}$`), MSG_OTP),
);
