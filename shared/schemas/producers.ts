import * as z from 'zod';
import { normalizePhone } from '../typed-numbers';
import { catalogueListQuery, optionalText, requiredAadhaar, requiredName } from './common';

/**
 * Producers: the seed growers whose lots the institute sells. Messages are the ones the Producers page
 * shows (docs/product-rules.md#catalogue-and-farmer-forms-checks-and-messages); the server validates with the same schemas.
 */
export const NAME_MAX = 200;
export const ADDRESS_MAX = 300;
export const REGISTRATION_NUMBER_MAX = 50;

/**
 * A person is known by their Aadhaar number; an organisation (the institute's own farm, a seed society, a
 * company) by its registration number instead
 * (docs/product-rules.md#a-producer-may-be-an-organisation-known-by-its-registration-number).
 */
export const PRODUCER_KINDS = ['person', 'organisation'] as const;
export type ProducerKind = (typeof PRODUCER_KINDS)[number];

export const MSG_KIND = 'Kind: person or organisation';
export const MSG_REGISTRATION_REQUIRED = 'Registration number is required';
export const MSG_REGISTRATION_NUMBER = `Registration number: 2 to ${REGISTRATION_NUMBER_MAX} letters and digits (spaces and / - . ( ) allowed)`;

/** A registration number as people write it: spaces tidied, capitals (a CIN, a society's number, a farm's code). */
export const tidyRegistrationNumber = (v: string) => v.replace(/\s+/g, ' ').trim().toUpperCase();
const REGISTRATION_NUMBER_RE = new RegExp(`^(?=.*[0-9A-Z])[0-9A-Z /.()-]{2,${REGISTRATION_NUMBER_MAX}}$`);

const requiredRegistrationNumber = z
  .union([z.string({ error: MSG_REGISTRATION_REQUIRED }), z.null()])
  .optional()
  .transform((v) => tidyRegistrationNumber(v ?? ''))
  .pipe(z.string().min(1, MSG_REGISTRATION_REQUIRED).regex(REGISTRATION_NUMBER_RE, MSG_REGISTRATION_NUMBER));

const person = requiredAadhaar('Aadhaar is required');

/** What identifies the producer once checked: the Aadhaar number of a person, the registration number of an organisation. */
export type ProducerIdentity =
  | { kind: 'person'; aadhaarNumber: string; registrationNumber?: undefined }
  | { kind: 'organisation'; registrationNumber: string; aadhaarNumber?: undefined };

/** An absent or unreadable kind (the latter refused on its own field) is checked as a person. */
const kindOf = (v: unknown): ProducerKind => (v === 'organisation' ? 'organisation' : 'person');

/**
 * The field of one kind's identity, checked only for that kind (undefined for the other): the form's fields
 * are checked in their order, so that the first message is the first field's (the form shows only that one).
 * It gets the kind beside its value (see the preprocess below).
 */
const identityField = <T>(own: ProducerKind, schema: z.ZodType<T>) =>
  z.object({ kind: z.unknown(), value: z.unknown() }).transform((f, ctx): T | undefined => {
    if (kindOf(f.kind) !== own) return undefined;
    const checked = schema.safeParse(f.value);
    if (checked.success) return checked.data;
    // The field's first problem, as a field of its own would report it first ('required' before 'malformed').
    ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? MSG_KIND });
    return z.NEVER;
  });

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const ProducerInput = z
  .preprocess(
    (v) =>
      isRecord(v)
        ? {
            ...v,
            aadhaarNumber: { kind: v.kind, value: v.aadhaarNumber },
            registrationNumber: { kind: v.kind, value: v.registrationNumber },
          }
        : v,
    z.object({
      /** Absent: a person (clients written before organisations existed send none). */
      kind: z
        .enum(PRODUCER_KINDS, { error: MSG_KIND })
        .optional()
        .transform((v) => v ?? 'person'),
      name: requiredName(NAME_MAX, 'Name is required'),
      /** A person's; ignored for an organisation. */
      aadhaarNumber: identityField('person', person),
      /** An organisation's; ignored for a person. */
      registrationNumber: identityField('organisation', requiredRegistrationNumber),
      contactNumber: z
        .union([z.string({ error: 'Invalid contact number' }).trim(), z.null()])
        .optional()
        .transform((v) => (v ? normalizePhone(v) : undefined))
        .refine((v) => v === undefined || /^\+?\d{7,15}$/.test(v), 'Invalid contact number'),
      address: optionalText(ADDRESS_MAX),
    }),
  )
  .transform(({ kind, aadhaarNumber, registrationNumber, ...rest }) => {
    const identity: ProducerIdentity =
      kind === 'organisation'
        ? { kind, registrationNumber: registrationNumber as string }
        : { kind: 'person', aadhaarNumber: aadhaarNumber as string };
    return { ...rest, ...identity };
  });
export type ProducerInput = z.infer<typeof ProducerInput>;
/** What the Producers form holds before parsing. */
export type ProducerForm = z.input<typeof ProducerInput>;

export const ProducerListQuery = catalogueListQuery();
export type ProducerListQuery = z.infer<typeof ProducerListQuery>;

export type { ProducerResponse } from './replies/producers';
