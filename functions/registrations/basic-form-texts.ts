/**
 * The words of the basic registration page, in Hindi and English: the app's own texts
 * (frontend/src/lib/i18n, keys named beside each), kept here so that the function does not carry the app's
 * whole dictionary; test/integration/basic-registration.test.ts checks each against it.
 */
export interface Both {
  hi: string;
  en: string;
}

/** Texts that are the app's, by their i18n key under `registration` or `sitePages`. */
export const APP_TEXTS = {
  'registration.title': { hi: 'बीज पंजीकरण', en: 'Seeds Registration' },
  'registration.intro': {
    hi: 'बीज खरीद के लिए पंजीकरण करें। * वाले खाने आवश्यक हैं।',
    en: 'Register for the purchase of seed. Fields marked * are required.',
  },
  'registration.closedBody': {
    hi: 'अभी पंजीकरण खुला नहीं है। कृपया बाद में देखें।',
    en: 'Registrations are not open at the moment. Please check again later.',
  },
  'registration.name': { hi: 'किसान का नाम *', en: 'Farmer name *' },
  'registration.fatherName': { hi: 'पिता / पति का नाम *', en: 'Father / husband name *' },
  'registration.adharNumber': { hi: 'आधार नंबर (12 अंक) *', en: 'Aadhaar number (12 digits) *' },
  'registration.mobile': { hi: 'मोबाइल नंबर (10 अंक) *', en: 'Mobile number (10 digits) *' },
  'registration.category': { hi: 'श्रेणी *', en: 'Category *' },
  'registration.gender': { hi: 'लिंग *', en: 'Gender *' },
  'registration.choose': { hi: '— चुनें —', en: '— Choose —' },
  'registration.village': { hi: 'गाँव *', en: 'Village *' },
  'registration.block': { hi: 'ब्लॉक *', en: 'Block *' },
  'registration.subDistrict': { hi: 'उप जिला (तहसील) *', en: 'Sub-district (tehsil) *' },
  'registration.district': { hi: 'जिला *', en: 'District *' },
  'registration.crop': { hi: 'फसल *', en: 'Crop *' },
  'registration.cropsEmpty': { hi: 'कोई फसल उपलब्ध नहीं', en: 'No crops available' },
  'registration.submit': { hi: 'जमा करें', en: 'Submit' },
  'registration.hints.name': { hi: 'जैसा आधार कार्ड पर लिखा है', en: 'As written on your Aadhaar card' },
  'registration.hints.fatherName': { hi: 'जैसा आधार कार्ड पर लिखा है', en: 'As written on your Aadhaar card' },
  'registration.hints.adharNumber': {
    hi: 'आधार कार्ड के 12 अंक; बीच में खाली जगह चलेगी',
    en: 'The 12 digits on your Aadhaar card; spaces are fine',
  },
  'registration.hints.mobile': {
    hi: 'इसी नंबर से आप अपना पत्र फिर पा सकेंगे',
    en: 'You find your letter again with this number',
  },
  'registration.hints.district': { hi: 'जिस जिले में आप रहते हैं', en: 'The district you live in' },
  'registration.hints.crop': { hi: 'जिस फसल का बीज लेना है', en: 'The seed you want to buy' },
  'registration.findSubmit': { hi: 'मेरा पत्र खोजें', en: 'Find my letter' },
  'registration.findTitle': {
    hi: 'पहले से पंजीकृत हैं? अपना अपॉइंटमेंट पत्र पाएँ',
    en: 'Already registered? Get your appointment letter',
  },
  'registration.otp': { hi: 'SMS में आया कोड (6 अंक) *', en: 'Code from the SMS (6 digits) *' },
  'registration.sendCode': { hi: 'कोड भेजें', en: 'Send code' },
  'registration.codeSent': {
    hi: 'अगर यह नंबर पंजीकृत है तो इस पर 6 अंकों का कोड भेजा गया है। कोड 5 मिनट चलेगा।',
    en: 'If this number is registered, a 6-digit code was sent to it. The code is valid for 5 minutes.',
  },
  'registration.codeSentAny': {
    hi: 'इस नंबर पर SMS से 6 अंकों का कोड भेजा गया है। कोड 5 मिनट चलेगा।',
    en: 'A 6-digit code was sent to this number by SMS. The code is valid for 5 minutes.',
  },
  'registration.letterFor': {
    hi: '{{crop}} {{year}}: पंजीकरण संख्या {{id}}, पत्र खोलें',
    en: '{{crop}} {{year}}: registration no. {{id}}, open the letter',
  },
  'sitePages.noticeReadMore': { hi: 'पूरी सूचना पढ़ें', en: 'Read the whole notice' },
  'sitePages.grievanceOfficer': { hi: 'शिकायत अधिकारी: {{name}}, {{contact}}', en: 'Grievance officer: {{name}}, {{contact}}' },
  'sitePages.noticeFailed': {
    hi: 'सूचना यहाँ नहीं खुल सकी। सहमति देने से पहले इसे गोपनीयता नीति पृष्ठ पर पढ़ें।',
    en: 'The notice could not be loaded here. Read it on the privacy policy page before you agree.',
  },
  'sitePages.consentLabel': {
    hi: 'मैंने सूचना पढ़ ली है और मैं सहमत हूँ कि मेरी जानकारी का उपयोग इसमें बताए अनुसार हो।',
    en: 'I have read the notice and agree that my information is used as it says.',
  },
} as const satisfies Record<string, Both>;

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
