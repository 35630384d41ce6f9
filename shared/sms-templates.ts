/**
 * The SMS templates (docs/decisions/0041-sms-notifications.md): one per kind of message, each registered with
 * India's DLT (Distributed Ledger Technology) platform in Hindi and in English, each language under its own DLT
 * template ID. The text is the registered form itself: fixed words and `{#var#}` placeholders, filled in order
 * with the kind's variables. A carrier delivers only a message whose fixed words match the registered form
 * exactly, and each variable holds at most 30 characters; `templateProblems` refuses a text that could not match,
 * `fillTemplate` a value that could not. Shared by the sender, the templates API and the admin screen (preview,
 * parts and cost).
 */
export const SMS_KINDS = [
  'registered',
  'waitlisted',
  'promoted',
  'reminder',
  'last-day',
  'expired',
  'cancelled',
  'bill',
  // a one-time code to the mobile (docs/decisions/0043-farmer-one-time-codes.md): never held, never opted out of
  'otp',
] as const;
export type SmsKind = (typeof SMS_KINDS)[number];
export const isSmsKind = (v: unknown): v is SmsKind => typeof v === 'string' && (SMS_KINDS as readonly string[]).includes(v);

export const SMS_LANGUAGES = ['hi', 'en'] as const;
export type SmsLanguage = (typeof SMS_LANGUAGES)[number];

/** The placeholder of a variable in a DLT template. */
export const DLT_VAR = '{#var#}';
/** DLT's limit on what one variable may hold. */
export const DLT_VAR_MAX = 30;
/** A DLT template ID: 19 digits. */
export const DLT_ID_PATTERN = /^\d{19}$/;

/** What fills each placeholder of a kind, in order. */
export const SMS_VARIABLES: Record<SmsKind, readonly string[]> = {
  registered: ['number', 'date', 'shift'],
  waitlisted: ['number', 'position'],
  promoted: ['number', 'date', 'shift'],
  reminder: ['number', 'date', 'shift'],
  'last-day': ['number', 'date'],
  expired: ['number'],
  cancelled: ['number'],
  bill: ['number', 'link'],
  otp: ['code'],
};

/** Variables allowed past DLT_VAR_MAX: a link, registered with DLT as the institute's whitelisted address. */
const LONG_VARIABLES = new Set(['link']);

export interface TemplateText {
  dltTemplateId: string;
  text: string;
}

export interface SmsTemplate {
  kind: SmsKind;
  hi: TemplateText;
  en: TemplateText;
}

/**
 * The texts as first registered (the DLT IDs are the deployment's: docs/deployment.md, "SMS under DLT", says how
 * to register the texts and put the IDs given here with PUT /api/notifications/templates). Transactional wording
 * only: DLT's transactional and service-implicit categories carry no offers.
 */
export const DEFAULT_TEMPLATES: Record<SmsKind, SmsTemplate> = {
  registered: {
    kind: 'registered',
    hi: {
      dltTemplateId: '1007000000000000101',
      text: 'बीज पंजीकरण {#var#} पक्का। बीज लेने की तारीख {#var#}, पाली {#var#}। आधार और यह संदेश साथ लाएँ। -बीज संस्थान',
    },
    en: {
      dltTemplateId: '1007000000000000102',
      text: 'Seed registration {#var#} confirmed. Collect your seed on {#var#}, shift {#var#}. Bring Aadhaar and this SMS. -Seed Institute',
    },
  },
  waitlisted: {
    kind: 'waitlisted',
    hi: {
      dltTemplateId: '1007000000000000201',
      text: 'बीज पंजीकरण {#var#} प्रतीक्षा सूची में क्रमांक {#var#} पर है। बीज मिलने पर तारीख का संदेश आएगा। -बीज संस्थान',
    },
    en: {
      dltTemplateId: '1007000000000000202',
      text: 'Seed registration {#var#} is on the waiting list at number {#var#}. We will send your date when seed is free. -Seed Institute',
    },
  },
  promoted: {
    kind: 'promoted',
    hi: {
      dltTemplateId: '1007000000000000301',
      text: 'बीज पंजीकरण {#var#} अब पक्का है। बीज लेने की तारीख {#var#}, पाली {#var#}। आधार साथ लाएँ। -बीज संस्थान',
    },
    en: {
      dltTemplateId: '1007000000000000302',
      text: 'Seed registration {#var#} is now confirmed. Collect your seed on {#var#}, shift {#var#}. Bring Aadhaar. -Seed Institute',
    },
  },
  reminder: {
    kind: 'reminder',
    hi: {
      dltTemplateId: '1007000000000000401',
      text: 'याद दिलाना: बीज पंजीकरण {#var#} के लिए कल {#var#} को पाली {#var#} में आएँ। आधार साथ लाएँ। -बीज संस्थान',
    },
    en: {
      dltTemplateId: '1007000000000000402',
      text: 'Reminder: for seed registration {#var#} come tomorrow {#var#}, shift {#var#}. Bring Aadhaar. -Seed Institute',
    },
  },
  'last-day': {
    kind: 'last-day',
    hi: {
      dltTemplateId: '1007000000000000501',
      text: 'बीज पंजीकरण {#var#}: बीज लेने का अंतिम दिन {#var#} है। इसके बाद बीज अगले किसान को दिया जाएगा। -बीज संस्थान',
    },
    en: {
      dltTemplateId: '1007000000000000502',
      text: 'Seed registration {#var#}: the last day to collect your seed is {#var#}. After it the seed goes to the next farmer. -Seed Institute',
    },
  },
  expired: {
    kind: 'expired',
    hi: {
      dltTemplateId: '1007000000000000601',
      text: 'बीज पंजीकरण {#var#} की अवधि समाप्त, बीज नहीं लिया गया। -बीज संस्थान',
    },
    en: {
      dltTemplateId: '1007000000000000602',
      text: 'Seed registration {#var#} has expired: the seed was not collected in time. -Seed Institute',
    },
  },
  cancelled: {
    kind: 'cancelled',
    hi: {
      dltTemplateId: '1007000000000000701',
      text: 'बीज पंजीकरण {#var#} रद्द कर दिया गया है। -बीज संस्थान',
    },
    en: {
      dltTemplateId: '1007000000000000702',
      text: 'Seed registration {#var#} has been cancelled. -Seed Institute',
    },
  },
  bill: {
    kind: 'bill',
    hi: {
      dltTemplateId: '1007000000000000801',
      text: 'आपका बीज बिल {#var#} बन गया है। बिल देखें: {#var#} -बीज संस्थान',
    },
    en: {
      dltTemplateId: '1007000000000000802',
      text: 'Your seed bill {#var#} is issued. See the bill: {#var#} -Seed Institute',
    },
  },
  otp: {
    kind: 'otp',
    hi: {
      dltTemplateId: '1007000000000000901',
      text: 'बीज पोर्टल के लिए आपका एक बार का कोड {#var#} है। यह 5 मिनट चलेगा। इसे किसी को न बताएँ। -बीज संस्थान',
    },
    en: {
      dltTemplateId: '1007000000000000902',
      text: 'Your one-time code for the seed portal is {#var#}. It is valid for 5 minutes. Do not share it. -Seed Institute',
    },
  },
};

/** Words of offers and advertising: a transactional template never carries them (DLT refuses it, and so do we). */
const PROMOTIONAL = [
  'offer',
  'free',
  'discount',
  'sale',
  'cashback',
  'win',
  'prize',
  'lottery',
  'hurry',
  'buy now',
  'ऑफर',
  'मुफ्त',
  'मुफ़्त',
  'छूट',
  'इनाम',
];

const placeholders = (text: string) => text.split(DLT_VAR).length - 1;

/** Why a text cannot be the registered form of its kind in a language (empty: it can). */
export function templateProblems(kind: SmsKind, lang: SmsLanguage, t: TemplateText): string[] {
  const problems: string[] = [];
  const label = `${kind} (${lang})`;
  if (!DLT_ID_PATTERN.test(t.dltTemplateId)) problems.push(`${label}: the DLT template ID is 19 digits`);
  const text = t.text;
  if (!text.trim()) problems.push(`${label}: the text is empty`);
  const expected = SMS_VARIABLES[kind].length;
  if (placeholders(text) !== expected)
    problems.push(`${label}: the text must hold exactly ${expected} ${DLT_VAR} (${SMS_VARIABLES[kind].join(', ')})`);
  if (/[{}]/.test(text.split(DLT_VAR).join(''))) problems.push(`${label}: braces only in ${DLT_VAR}`);
  if (text.includes(`${DLT_VAR}${DLT_VAR}`)) problems.push(`${label}: two ${DLT_VAR} must have words between them`);
  if (/\s{2,}|^\s|\s$/.test(text)) problems.push(`${label}: no double, leading or trailing spaces (DLT matches them exactly)`);
  const lower = text.toLowerCase();
  const promo = PROMOTIONAL.filter((w) => new RegExp(`(^|[^\\p{L}])${w}($|[^\\p{L}])`, 'u').test(lower));
  if (promo.length) problems.push(`${label}: promotional wording is not allowed (${promo.join(', ')})`);
  if (lang === 'hi' && !/[\u0900-\u097F]/.test(text)) problems.push(`${label}: the Hindi text is written in Devanagari`);
  if (lang === 'en' && /[\u0900-\u097F]/.test(text)) problems.push(`${label}: the English text has Devanagari in it`);
  if (text.length > 500) problems.push(`${label}: at most 500 characters`);
  return problems;
}

export class TemplateValueError extends Error {}

/** The message of a template with its values; throws when a value could not match the registered form. */
export function fillTemplate(kind: SmsKind, text: string, values: Record<string, string>): string {
  const names = SMS_VARIABLES[kind];
  const parts = text.split(DLT_VAR);
  if (parts.length - 1 !== names.length) throw new TemplateValueError(`template ${kind}: placeholders do not match`);
  let out = parts[0]!;
  names.forEach((name, i) => {
    const value = (values[name] ?? '').replace(/\s+/g, ' ').trim();
    if (!value) throw new TemplateValueError(`template ${kind}: no value for ${name}`);
    if (value.length > DLT_VAR_MAX && !LONG_VARIABLES.has(name))
      throw new TemplateValueError(`template ${kind}: ${name} is longer than ${DLT_VAR_MAX} characters`);
    out += value + parts[i + 1]!;
  });
  return out;
}

/** Sample values for previews (the longest a value usually gets). */
export const SAMPLE_VALUES: Record<string, string> = {
  number: '12345',
  date: '04-12-2026',
  shift: '10:00 AM - 1:00 PM',
  position: '37',
  link: 'https://seeds.example.org/bill/2026-000123?t=Qm9vZ2xlLXN0eWxlLXRva2Vu',
  code: '123456',
};

// GSM 03.38: the basic set (one septet each) and the extension table (two: escape and the character).
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';

export interface MessageParts {
  encoding: 'GSM-7' | 'Unicode';
  /** Characters as the encoding counts them (septets for GSM-7, UTF-16 units for Unicode). */
  units: number;
  parts: number;
  /** What one part holds (160/153 in GSM-7, 70/67 in Unicode). */
  perPart: number;
}

/** The parts a message is sent in: GSM-7 160 characters alone or 153 per part, Unicode 70 alone or 67 per part. */
export function countParts(body: string): MessageParts {
  let septets = 0;
  let gsm = true;
  for (const ch of body) {
    if (GSM_BASIC.includes(ch)) septets += 1;
    else if (GSM_EXTENSION.includes(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) {
    const parts = septets <= 160 ? 1 : Math.ceil(septets / 153);
    return { encoding: 'GSM-7', units: septets, parts: Math.max(parts, 1), perPart: parts > 1 ? 153 : 160 };
  }
  const units = body.length;
  const parts = units <= 70 ? 1 : Math.ceil(units / 67);
  return { encoding: 'Unicode', units, parts, perPart: parts > 1 ? 67 : 70 };
}

/** The cost of a message in paise, from the price of one part (the setting SmsPricePerPartPaise). */
export const messageCostPaise = (body: string, pricePerPartPaise: number) => countParts(body).parts * pricePerPartPaise;

/** A 10-digit Indian mobile from what a person typed (+91, 0 in front, spaces, hyphens); undefined when it is not one. */
export function normaliseMobile(typed: string): string | undefined {
  const digits = typed
    .replace(/[\s\-().]/g, '')
    .replace(/^\+?91(?=\d{10}$)/, '')
    .replace(/^0(?=\d{10}$)/, '');
  return /^[6-9]\d{9}$/.test(digits) ? digits : undefined;
}

/** The mobile as non-admins see it: the last four digits. */
export const maskMobile = (mobile: string) => `XXXXXX${mobile.slice(-4)}`;

/** A day as the messages write it: DD-MM-YYYY. */
export const smsDate = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? day.split('-').reverse().join('-') : day);
