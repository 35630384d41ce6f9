import * as z from 'zod';

export const SEVERITIES = ['info', 'success', 'warn', 'danger'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Blocks and announcements: public replies leave out createdOn and updatedOn. */
export const BlockReply = z.strictObject({
  blockID: z.number(),
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  imageUrl: z.string(),
  sortOrder: z.number(),
  isActive: z.boolean(),
  createdOn: z.string().optional(),
  updatedOn: z.string().optional(),
  /** The Hindi title and body; '' when the block has none. */
  titleHi: z.string().optional(),
  bodyHi: z.string().optional(),
});
export type BlockResponse = z.infer<typeof BlockReply>;

export const AnnouncementReply = z.strictObject({
  announcementID: z.number(),
  title: z.string(),
  message: z.string(),
  severity: z.enum(SEVERITIES),
  startAt: z.string(),
  endAt: z.string().nullable(),
  isActive: z.boolean(),
  createdOn: z.string().optional(),
  updatedOn: z.string().optional(),
});
export type AnnouncementResponse = z.infer<typeof AnnouncementReply>;

/** GET /api/home/summary: active blocks in sortOrder and the announcements active now. */
export const HomeSummaryReply = z.strictObject({
  blocks: z.array(BlockReply),
  announcements: z.array(AnnouncementReply),
  /** Is_SVS_Form_On and RegistrationOpensNext, so the home page shows the one that applies. */
  registrationOpen: z.boolean(),
  registrationOpensNext: z.string(),
  /**
   * The day of the next draw (DrawDate) while the season runs by draw and the day is ahead; '' otherwise. Always
   * sent; optional in the type only so that the home page's stand-in summary (for a failed load) need not carry it.
   */
  drawOn: z.string().optional(),
  /** A draw of this season is published: the home page links to the results (/draw). Always sent, as drawOn. */
  drawResults: z.boolean().optional(),
});
export type HomeSummaryResponse = z.infer<typeof HomeSummaryReply>;

/**
 * GET /api/home/pages/{slug}: the notice or a required page in English and Hindi, with the grievance officer
 * the notice names (public settings). `version` changes whenever the block is saved (its updatedOn), or is
 * 'default' for the built-in text.
 */
export const SitePageReply = z.strictObject({
  slug: z.string(),
  title: z.string(),
  titleHi: z.string(),
  body: z.string(),
  bodyHi: z.string(),
  version: z.string(),
  grievanceOfficerName: z.string(),
  grievanceOfficerContact: z.string(),
});
export type SitePageResponse = z.infer<typeof SitePageReply>;
