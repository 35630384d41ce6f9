import * as z from 'zod';
import { otpField } from './farmer-otp-field';
import { isValidAadhaar, MSG_AADHAAR_INVALID } from '../aadhaar';
import { clampQty, defaultRulesFor, QTY_CLAMP } from '../crop-rules';
import { findDistrict } from '../districts';
import { MSG_NAME_CHARS_BILINGUAL } from '../name-text';
import { normalizeMobile } from '../typed-numbers';
import { nameText } from './common';

/**
 * The seed registration: one schema for the public form (browser) and the registrations function (server).
 * Field names are the ones the form posts (docs/product-rules.md#registration-form-fields-and-how-they-are-sent); messages are the
 * Hindi feedback of docs/product-rules.md#registration-form-checks-and-messages. What staff send about
 * registrations (the list's filters, a registration's id and year) is in ./registration-staff.ts.
 */

// ---- messages and limits (docs/product-rules.md#registration-form-checks-and-messages) ----
export const MSG_REQUIRED = 'आवश्यक';
export const MSG_AADHAAR = '12 अंकों का नंबर दर्ज करें';
export const MSG_MOBILE = '10 अंकों का नंबर दर्ज करें';
export const MSG_FILE = 'फ़ाइल आवश्यक है (≤ 500KB)';
export const MSG_FORM_INVALID = 'कृपया फॉर्म सही करें / Please correct the highlighted fields.';
export const MSG_CLOSED = 'पंजीकरण बंद है / Registrations are closed';
/** The chosen crop (cropId) is not an active crop of the catalogue. */
export const MSG_CROP_UNAVAILABLE =
  'यह फसल उपलब्ध नहीं है, कृपया सूची से फसल चुनें / This crop is not offered. Please choose a crop from the list.';
/**
 * A second, different submission for an Aadhaar number and crop already registered this year. It names neither
 * the registration's number nor its date: anyone may type someone else's Aadhaar number into the form.
 */
export const MSG_ALREADY_REGISTERED =
  'इस आधार नंबर से इस फसल का पंजीकरण पहले ही हो चुका है। अपना अपॉइंटमेंट पत्र पाने के लिए "मेरा पत्र खोजें" में अपना आधार नंबर और पंजीकरण के समय दिया गया मोबाइल नंबर डालें। / ' +
  'This Aadhaar number is already registered for this crop. To get your appointment letter, enter your Aadhaar number and the mobile number given when you registered under "Find my letter".';
/** The consent box of the form was not ticked (docs/product-rules.md#notice-and-consent): the field's message. */
export const MSG_CONSENT = 'कृपया सूचना पढ़कर सहमति के बॉक्स पर निशान लगाएँ';
/** The answer's message when consent alone is missing. */
export const MSG_NO_CONSENT = `${MSG_CONSENT} / Please read the notice and tick the consent box.`;
const tooLong = (max: number) => `अधिकतम ${max} अक्षर / At most ${max} characters`;

export const MAX_FILE_BYTES = 500 * 1024;
export const ALLOWED_FILE_TYPES = ['image/gif', 'image/jpeg', 'image/png', 'application/pdf'] as const;
export type AllowedFileType = (typeof ALLOWED_FILE_TYPES)[number];
/** The accept attribute of the file input. */
export const FILE_ACCEPT = '.gif,.jpg,.jpeg,.png,.pdf,image/gif,image/jpeg,image/png,application/pdf';

export const CATEGORIES = ['GEN', 'OBC', 'SC', 'ST'] as const;
export const GENDERS = ['पुरुष', 'महिला'] as const;
export type Category = (typeof CATEGORIES)[number];
export type Gender = (typeof GENDERS)[number];

/** The block is sent as '<block> | उप जिला - <sub-district>' (docs/product-rules.md#registration-form-fields-and-how-they-are-sent). */
export const SUB_DISTRICT_SEPARATOR = ' | उप जिला - ';
const SEPARATOR_RE = /\s*\|\s*उप\s*जिला\s*-\s*/;

export const NAME_MAX = 200;
export const PLACE_MAX = 100;

export function joinBlock(block: string, subDistrict: string): string {
  return `${block.trim()}${SUB_DISTRICT_SEPARATOR}${subDistrict.trim()}`;
}

/** Splits the joined block text; text without the separator is the block alone. */
export function splitBlock(text: string): { block: string; subDistrict: string } {
  const parts = text.split(SEPARATOR_RE);
  if (parts.length < 2) return { block: text.trim(), subDistrict: '' };
  return { block: parts[0].trim(), subDistrict: parts.slice(1).join(' ').trim() };
}

/** Multipart clients send every field as text; JSON clients may send numbers. */
const asText = (v: unknown) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v);

/** The rule of every name field (shared/name-text.ts), with the form's Hindi and English message. */
const named = (schema: z.ZodString) => nameText(schema, MSG_NAME_CHARS_BILINGUAL);

/** A required name: the farmer's, the father's, the village. */
const requiredText = (max: number) =>
  z.preprocess(asText, named(z.string({ error: MSG_REQUIRED }).trim().min(1, MSG_REQUIRED).max(max, tooLong(max))));

const optionalText = (max: number) =>
  z.preprocess(
    asText,
    z
      .string({ error: tooLong(max) })
      .trim()
      .max(max, tooLong(max))
      .optional(),
  );

/** An optional place name (the sub-district). */
const optionalPlace = (max: number) =>
  z.preprocess(
    asText,
    named(
      z
        .string({ error: tooLong(max) })
        .trim()
        .max(max, tooLong(max)),
    ).optional(),
  );

const digitsField = (n: number, message: string) =>
  z.preprocess(
    asText,
    z
      .string({ error: message })
      .trim()
      // Spaces and hyphens as people write the numbers ('1234 5678 9012') are tolerated; anything else is not.
      .transform((s) => s.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(new RegExp(`^\\d{${n}}$`), message)),
  );

/** A mobile number as people write it (+91, 0091 or 0 in front, spaces, hyphens), read as its 10 digits. */
export const mobileField = z.preprocess((v) => (typeof v === 'string' ? normalizeMobile(v) : v), digitsField(10, MSG_MOBILE));

/** 12 digits (MSG_AADHAAR), then a real Aadhaar number: first digit 2-9, Verhoeff check digit (bilingual). */
const aadhaarField = digitsField(12, MSG_AADHAAR).pipe(z.string().refine(isValidAadhaar, MSG_AADHAAR_INVALID));

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    asText,
    z
      .string({ error: MSG_REQUIRED })
      .trim()
      .pipe(z.enum(values, { error: MSG_REQUIRED })),
  );

const flag = z
  .union([z.boolean(), z.string(), z.number()])
  .optional()
  .transform(
    (v) => v === true || v === 1 || (typeof v === 'string' && ['true', '1', 'on', 'yes'].includes(v.trim().toLowerCase())),
  );

/** Consent to the notice: JSON true, or the form value 'true' or 'on' (a ticked checkbox); anything else is refused. */
/** The language the form was filled in ('hi' | 'en'); anything else is Hindi, the form's first language. */
const formLanguage = z
  .unknown()
  .optional()
  .transform((v): 'hi' | 'en' => (typeof v === 'string' && v.trim().toLowerCase() === 'en' ? 'en' : 'hi'));

const consentField = z
  .unknown()
  .refine((v) => v === true || (typeof v === 'string' && ['true', 'on'].includes(v.trim().toLowerCase())), MSG_CONSENT)
  .transform((): true => true);

const quantity = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : NaN;
    return Number.isFinite(n) ? n : undefined;
  });

/** The crop is chosen from the catalogue by its id; the server takes the name from the catalogue. */
const cropIdField = z
  .union([z.number(), z.string(), z.null()], { error: MSG_REQUIRED })
  .optional()
  .transform((v) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,12}$/.test(v.trim()) ? Number(v.trim()) : NaN;
    return Number.isInteger(n) && n > 0 ? n : undefined;
  })
  .refine((n) => n !== undefined, MSG_REQUIRED)
  .transform((n) => n!);

/**
 * The registration fields (the Aadhaar file is checked apart: the browser checks the File, the server the
 * uploaded object). Output is normalised: block and sub-district split and joined, district canonical,
 * quantity clamped by the crop's rules.
 */
export const RegistrationFields = z
  .object({
    Name: requiredText(NAME_MAX),
    fatherName: requiredText(NAME_MAX),
    adharNumber: aadhaarField,
    mobile: mobileField,
    category: choice(CATEGORIES),
    gender: choice(GENDERS),
    village: requiredText(PLACE_MAX),
    /** Either the joined text '<block> | उप जिला - <sub-district>' or the block alone with subDistrict. */
    block: z.preprocess(
      asText,
      named(
        z
          .string({ error: MSG_REQUIRED })
          .trim()
          .max(2 * PLACE_MAX + 20, tooLong(PLACE_MAX)),
      ),
    ),
    subDistrict: optionalPlace(PLACE_MAX),
    district: z.preprocess(asText, z.string({ error: MSG_REQUIRED }).trim().max(60, MSG_REQUIRED)),
    /** Informational (the form sends the chosen crop's name); the server stores the catalogue's name. */
    cropName: optionalText(200),
    cropId: cropIdField,
    bagsRequested: quantity,
    isAdmin: flag,
    consent: consentField,
    lang: formLanguage,
  })
  // Cross-field rules run even when other fields failed, so that the form marks every problem at once.
  .refine((v) => !!blockParts(v).block, { path: ['block'], message: MSG_REQUIRED, when: () => true })
  .refine((v) => blockParts(v).block.length <= PLACE_MAX, { path: ['block'], message: tooLong(PLACE_MAX), when: () => true })
  .refine((v) => !!blockParts(v).subDistrict, { path: ['subDistrict'], message: MSG_REQUIRED, when: () => true })
  .refine((v) => blockParts(v).subDistrict.length <= PLACE_MAX, {
    path: ['subDistrict'],
    message: tooLong(PLACE_MAX),
    when: () => true,
  })
  .refine((v) => !!findDistrict(typeof v.district === 'string' ? v.district : ''), {
    path: ['district'],
    message: MSG_REQUIRED,
    when: () => true,
  })
  .transform((v) => {
    const { block: blockName, subDistrict } = blockParts(v);
    const rules = defaultRulesFor(v.cropName ?? '');
    const bagsRequested = clampQty(v.bagsRequested ?? rules?.defaultQty ?? QTY_CLAMP.min, rules);
    return {
      name: v.Name,
      fatherName: v.fatherName,
      adharNumber: v.adharNumber,
      mobile: v.mobile,
      category: v.category as Category,
      gender: v.gender as Gender,
      village: v.village,
      blockName,
      subDistrict,
      block: joinBlock(blockName, subDistrict),
      district: findDistrict(v.district) ?? '',
      cropName: v.cropName ?? '',
      cropId: v.cropId,
      bagsRequested,
      /** What was asked before clamping (the server clamps again with the catalogue's rules for the crop). */
      bagsAsked: v.bagsRequested,
      isAdmin: v.isAdmin,
      consent: v.consent,
      /** The messages to the farmer (SMS) speak the language the form was filled in. */
      language: v.lang,
    };
  });

/** Block and sub-district from either the joined block text or the two fields. */
function blockParts(v: { block?: unknown; subDistrict?: unknown }): { block: string; subDistrict: string } {
  const joined = splitBlock(typeof v.block === 'string' ? v.block : '');
  const sub = typeof v.subDistrict === 'string' ? v.subDistrict.trim() : '';
  return { block: joined.block, subDistrict: sub || joined.subDistrict };
}
export type RegistrationFieldsInput = z.input<typeof RegistrationFields>;
export type RegistrationFields = z.output<typeof RegistrationFields>;

/** The file rule (docs/product-rules.md#registration-form-checks-and-messages) on what the browser knows of a File: present, allowed type, ≤ 500 KB. */
export function aadhaarFileProblem(file: { size: number; type: string; name?: string } | null | undefined): string | null {
  if (!file || file.size <= 0 || file.size > MAX_FILE_BYTES) return MSG_FILE;
  const type = file.type || typeFromName(file.name ?? '');
  return (ALLOWED_FILE_TYPES as readonly string[]).includes(type) ? null : MSG_FILE;
}

/** Browsers on some phones leave File.type empty: fall back to the extension (the server checks magic bytes). */
export function typeFromName(name: string): string {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  return (
    (
      { gif: 'image/gif', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' } as Record<
        string,
        string
      >
    )[ext] ?? ''
  );
}

/** Field names the form marks (and the server's field map uses). */
export { FILE_FIELD } from '../registration-form-fields';

/** Field errors of a failed parse: first message per field, the file under FileAdhar. */
export function registrationFieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    out[key] ??= issue.message;
  }
  return out;
}

// ---- the farmer's requests ----

/** The file rule for clients that read English too. */
export const MSG_FILE_BILINGUAL = `${MSG_FILE} / The Aadhaar file is required: a GIF, JPEG, PNG or PDF of at most 500 KB.`;

/** POST /svsregistration/upload-url: what the browser is about to upload. */
export const UploadUrlInput = z.object({
  fileName: z.string({ error: MSG_FILE_BILINGUAL }).trim().min(1, MSG_FILE_BILINGUAL).max(255, MSG_FILE_BILINGUAL),
  contentType: z.enum(ALLOWED_FILE_TYPES, { error: MSG_FILE_BILINGUAL }),
  size: z
    .number({ error: MSG_FILE_BILINGUAL })
    .int(MSG_FILE_BILINGUAL)
    .min(1, MSG_FILE_BILINGUAL)
    .max(MAX_FILE_BYTES, MSG_FILE_BILINGUAL),
});
export type UploadUrlInput = z.infer<typeof UploadUrlInput>;

/** Key of an object uploaded through a presigned URL (server-generated). */
export const PENDING_KEY_RE = /^pending\/[A-Za-z0-9_-]{16,64}$/;

/** Idempotency key: header Idempotency-Key or body field idempotencyKey (a UUID from the browser). */
export const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9_.:-]{8,100}$/;

/** POST /svsregistration/find-letter: the mobile and the one-time code sent to it (Aadhaar no longer asked). */
export const FindLetterInput = z.object({
  mobile: mobileField,
  otp: otpField,
});
export type FindLetterInput = z.infer<typeof FindLetterInput>;

/** The path parameter of the letter: the random code (≥ 128 bits, base64url). */
export const LETTER_CODE_RE = /^[A-Za-z0-9_-]{16,64}$/;
/** Read as any text: a code that is not well-formed answers 404 like an unknown one. */
export const LetterCodeParam = z.object({ code: z.string() });

/** The letter QR's width in pixels (the letter shows it at 160 px; print doubles it). */
export const LETTER_QR_SIZE = 320;
export const LetterQrQuery = z.object({
  size: z.coerce
    .number({ error: 'size must be a number' })
    .int('size must be a whole number')
    .min(64, 'size must be at least 64')
    .max(1024, 'size must be at most 1024')
    .optional()
    .transform((v) => v ?? LETTER_QR_SIZE),
});

/** Year and calendar day in India (registrations and appointments use Asia/Kolkata days). */
export { kolkataDate } from '../india-time';

export type {
  UploadUrlResponse,
  RegistrationResult,
  RegistrationReply,
  AppointmentRecord,
  RegistrationRow,
  RegistrationListReply,
} from './replies/registration';
