import { PAGE_MESSAGE_SETS } from '@functions/lib/pages/page-message-keys';
import { PLAINFORM_MESSAGES } from '@functions/lib/pages/page-messages';
import { messageAt } from '@functions/lib/pages/texts';

/**
 * The words of the basic registration page, in Hindi and English: the app's own texts (frontend/src/lib/i18n),
 * picked into page-messages.ts by infra/make-page-messages.ts (the `plainForm` set of page-message-keys.ts), so
 * that the function does not carry the app's whole dictionary and says what the app's form says, word for word.
 */
export interface Both {
  hi: string;
  en: string;
}

type AppTextKey = (typeof PAGE_MESSAGE_SETS.plainForm.keys)[number];

const textAt = (lang: keyof typeof PLAINFORM_MESSAGES, key: string): string => {
  const text = messageAt(PLAINFORM_MESSAGES[lang], key);
  if (typeof text !== 'string') throw new Error(`page-messages.ts has no text ${key} (run infra/make-page-messages.ts)`);
  return text;
};

/** Texts that are the app's, by their i18n key under `registration` or `sitePages`. */
export const APP_TEXTS = Object.fromEntries(
  PAGE_MESSAGE_SETS.plainForm.keys.map((key) => [key, { hi: textAt('hi', key), en: textAt('en', key) }]),
) as Record<AppTextKey, Both>;

/** The field messages as the app shows them in English (already both languages), by the server's Hindi text. */
export const FIELD_MESSAGES_BOTH = {
  required: 'आवश्यक / Required',
  aadhaar: '12 अंकों का नंबर दर्ज करें / Enter the 12-digit number',
  mobile: '10 अंकों का नंबर दर्ज करें / Enter the 10-digit number',
  file: 'फ़ाइल आवश्यक है (≤ 500KB) / Aadhaar file required: GIF, JPEG, PNG or PDF, at most 500 KB',
  consent: 'कृपया सूचना पढ़कर सहमति के बॉक्स पर निशान लगाएँ / Please read the notice and tick the consent box.',
} as const;

/** Texts of this page alone. */
export const PAGE_TEXTS = {
  basicNote: {
    hi: 'यह साधारण फ़ॉर्म हर फ़ोन पर चलता है। आधार की फ़ाइल 500 KB से बड़ी न हो।',
    en: 'This simple form works on any phone. The Aadhaar file must be at most 500 KB.',
  },
  fullForm: { hi: 'पूरा फ़ॉर्म खोलें', en: 'Open the full form' },
  file: {
    hi: 'आधार कार्ड की स्कैन फ़ाइल * (GIF, JPEG, PNG या PDF, अधिकतम 500 KB)',
    en: 'Aadhaar card scan * (GIF, JPEG, PNG or PDF, at most 500 KB)',
  },
  quantity: { hi: 'मात्रा *', en: 'Quantity *' },
  quantityHint: { hi: 'हर फसल के लिए:', en: 'For each crop:' },
  quantityRange: { hi: '{{min}} से {{max}} {{unit}}', en: '{{min}} to {{max}} {{unit}}' },
  quantityOutOfRange: {
    hi: 'इस फसल के लिए {{min}} से {{max}} {{unit}} चुनें',
    en: 'For this crop choose {{min}} to {{max}} {{unit}}',
  },
  male: { hi: 'पुरुष', en: 'Male' },
  female: { hi: 'महिला', en: 'Female' },
  categories: {
    GEN: { hi: 'सामान्य (GEN)', en: 'General (GEN)' },
    OBC: { hi: 'अन्य पिछड़ा वर्ग (OBC)', en: 'OBC' },
    SC: { hi: 'अनुसूचित जाति (SC)', en: 'SC' },
    ST: { hi: 'अनुसूचित जनजाति (ST)', en: 'ST' },
  },
  errorsTitle: { hi: 'फ़ॉर्म जमा नहीं हुआ', en: 'The form was not sent' },
  fileAgain: {
    hi: 'सुरक्षा के लिए चुनी गई फ़ाइल दोबारा नहीं भरी जाती: कृपया आधार की फ़ाइल फिर से चुनें।',
    en: 'For your safety the chosen file is not kept: please choose the Aadhaar file again.',
  },
  closedTitle: { hi: 'पंजीकरण बंद है', en: 'Registrations are closed' },
  findIntro: {
    hi: 'पंजीकरण में दिया मोबाइल नंबर लिखें; उस पर SMS से एक कोड आएगा।',
    en: 'Enter the mobile number you registered with; a code will come to it by SMS.',
  },
  findFailedTitle: { hi: 'पत्र नहीं मिला', en: 'No letter found' },
  chooseLetter: { hi: 'आपके एक से अधिक पंजीकरण हैं: पत्र चुनें', en: 'You have more than one registration: choose the letter' },
  newRegistration: { hi: 'नया पंजीकरण: साधारण फ़ॉर्म', en: 'New registration: the simple form' },
  tooLarge: { hi: 'फ़ॉर्म बहुत बड़ा है', en: 'The form is too large' },
  // The mobile's code (VerifyMobileAtRegistration; the app's code step has its own words, registration.verifyMobile).
  verifyPlainHint: {
    hi: '“इस मोबाइल पर कोड भेजें” दबाएँ: इस मोबाइल पर SMS से कोड आएगा। जमा करने से पहले उसे यहाँ लिखें।',
    en: 'Press “Send code”: a code comes by SMS to this mobile. Type it here before you submit.',
  },
  mobileConfirmed: { hi: 'मोबाइल नंबर पक्का हो गया।', en: 'Mobile number confirmed.' },
  sendCodePlain: { hi: 'इस मोबाइल पर कोड भेजें', en: 'Send code to this mobile' },
} as const satisfies Record<string, Both | Record<string, Both>>;

/** {{name}} placeholders filled in. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
