/**
 * The proof of the mobile a registration carries while the setting VerifyMobileAtRegistration is on
 * (docs/decisions/0043-farmer-one-time-codes.md, docs/product-rules.md#verifying-the-mobile-at-registration): the
 * token POST /svsregistration/otp/verify gives for a code asked with purpose `register`, sent with the submit as
 * the field `mobileProof` (JSON or multipart); the plain forms post the code itself as `mobileCode`.
 */
export const MOBILE_PROOF_FIELD = 'mobileProof';
export const MOBILE_CODE_FIELD = 'mobileCode';
/** The field of the plain forms' "Send code" button. */
export const SEND_CODE_FIELD = 'sendMobileCode';

/** The refusal's code in the body: the app then asks for the code sent to the typed mobile. */
export const MOBILE_NOT_VERIFIED = 'MOBILE_NOT_VERIFIED';

export const MSG_MOBILE_NOT_VERIFIED = {
  hi: 'इस मोबाइल नंबर की पुष्टि नहीं हुई: इस नंबर पर भेजा गया कोड लिखें',
  en: 'This mobile number is not confirmed: enter the code sent to this number',
} as const;
export const MSG_MOBILE_NOT_VERIFIED_BOTH = `${MSG_MOBILE_NOT_VERIFIED.hi} / ${MSG_MOBILE_NOT_VERIFIED.en}`;
