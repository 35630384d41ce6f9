import * as z from 'zod';

export const ProducerReply = z.strictObject({
  producerID: z.number(),
  /** A person (known by Aadhaar) or an organisation (known by its registration number). */
  kind: z.enum(['person', 'organisation']),
  name: z.string(),
  /** An organisation's registration number; '' for a person. */
  registrationNumber: z.string(),
  /**
   * The full number: only in single-record replies (detail, create, update) to callers holding admin.
   * Lists and sellers get null and use aadhaarLast4.
   */
  aadhaarNumber: z.string().nullable(),
  /** '' for an organisation. */
  aadhaarLast4: z.string(),
  contactNumber: z.string(),
  address: z.string(),
  isActive: z.boolean(),
  createdOn: z.string(),
  updatedOn: z.string().optional(),
});
export type ProducerResponse = z.infer<typeof ProducerReply>;
