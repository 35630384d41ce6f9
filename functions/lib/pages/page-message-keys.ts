/**
 * What the pages say, as paths into the app's messages (frontend/src/lib/i18n/en.ts and hi.ts): whole groups, and
 * single keys of other groups, in sets: every page's (the top bar, the error pages), and each kind of page's.
 * page-messages.ts holds exactly these, picked from both languages, one constant per set, so that each function
 * carries the few KB of texts of its own pages instead of every screen's (page-messages.test.ts keeps them in step).
 */
export const PAGE_MESSAGE_SETS = {
  common: {
    groups: ['app', 'nav', 'pages'],
    keys: [
      'home.instituteTitle',
      'registration.findSubmit',
      'sitePages.footerLabel',
      'sitePages.privacy',
      'sitePages.terms',
      'sitePages.contact',
      'sitePages.accessibility',
      'sitePages.sitemap',
    ],
  },
  // A counter's bill not on the server yet (docs/decisions/0048-offline-counter.md): its page says it is being recorded.
  bill: { groups: ['billView', 'billCheck', 'billSupply', 'creditNote'], keys: ['offline.beingRecorded'] },
  lot: { groups: ['lotPublic'], keys: [] },
  letter: { groups: ['appointment', 'allocationStatus'], keys: ['myData.open'] },
  draw: { groups: ['drawPublic'], keys: [] },
  // The form without JavaScript and its find page (functions/registrations/basic-form-texts.ts): the app's form words.
  plainForm: {
    groups: [],
    keys: [
      'registration.title',
      'registration.intro',
      'registration.closedBody',
      'registration.name',
      'registration.fatherName',
      'registration.adharNumber',
      'registration.mobile',
      'registration.category',
      'registration.gender',
      'registration.choose',
      'registration.village',
      'registration.block',
      'registration.subDistrict',
      'registration.district',
      'registration.crop',
      'registration.cropsEmpty',
      'registration.submit',
      'registration.hints.name',
      'registration.hints.fatherName',
      'registration.hints.adharNumber',
      'registration.hints.mobile',
      'registration.hints.district',
      'registration.hints.crop',
      'registration.findSubmit',
      'registration.findTitle',
      'registration.otp',
      'registration.sendCode',
      'registration.codeSent',
      'registration.codeSentAny',
      'registration.letterFor',
      'sitePages.noticeReadMore',
      'sitePages.grievanceOfficer',
      'sitePages.noticeFailed',
      'sitePages.consentLabel',
    ],
  },
} as const satisfies Record<string, { groups: readonly string[]; keys: readonly string[] }>;

export type PageMessageSet = keyof typeof PAGE_MESSAGE_SETS;

export type MessageTree = { [key: string]: string | MessageTree };

/** One set's messages of one language: the groups whole, and each single key at its path. */
export function pickPageMessages(messages: object, set: PageMessageSet): MessageTree {
  const all = messages as MessageTree;
  const { groups, keys } = PAGE_MESSAGE_SETS[set];
  const out: MessageTree = {};
  for (const g of groups as readonly string[]) out[g] = all[g];
  for (const path of keys as readonly string[]) {
    const parts = path.split('.');
    const last = parts.pop() as string;
    let from = all;
    let to = out;
    for (const part of parts) {
      from = from[part] as MessageTree;
      to[part] = { ...(to[part] as MessageTree | undefined) };
      to = to[part] as MessageTree;
    }
    to[last] = from[last];
  }
  return out;
}
