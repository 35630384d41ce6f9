/**
 * The districts of Uttar Pradesh offered in the registration form's dropdown, a fixed list of about 75
 * (docs/product-rules.md#registration-form-fields-and-how-they-are-sent). The English name is the value sent
 * and stored; the Hindi name is shown first in the form.
 */
export interface District {
  en: string;
  hi: string;
}

export const UP_DISTRICTS: readonly District[] = [
  { en: 'Agra', hi: 'आगरा' },
  { en: 'Aligarh', hi: 'अलीगढ़' },
  { en: 'Ambedkar Nagar', hi: 'अम्बेडकर नगर' },
  { en: 'Amethi', hi: 'अमेठी' },
  { en: 'Amroha', hi: 'अमरोहा' },
  { en: 'Auraiya', hi: 'औरैया' },
  { en: 'Ayodhya', hi: 'अयोध्या' },
  { en: 'Azamgarh', hi: 'आजमगढ़' },
  { en: 'Baghpat', hi: 'बागपत' },
  { en: 'Bahraich', hi: 'बहराइच' },
  { en: 'Ballia', hi: 'बलिया' },
  { en: 'Balrampur', hi: 'बलरामपुर' },
  { en: 'Banda', hi: 'बांदा' },
  { en: 'Barabanki', hi: 'बाराबंकी' },
  { en: 'Bareilly', hi: 'बरेली' },
  { en: 'Basti', hi: 'बस्ती' },
  { en: 'Bhadohi', hi: 'भदोही' },
  { en: 'Bijnor', hi: 'बिजनौर' },
  { en: 'Budaun', hi: 'बदायूं' },
  { en: 'Bulandshahr', hi: 'बुलंदशहर' },
  { en: 'Chandauli', hi: 'चंदौली' },
  { en: 'Chitrakoot', hi: 'चित्रकूट' },
  { en: 'Deoria', hi: 'देवरिया' },
  { en: 'Etah', hi: 'एटा' },
  { en: 'Etawah', hi: 'इटावा' },
  { en: 'Farrukhabad', hi: 'फर्रुखाबाद' },
  { en: 'Fatehpur', hi: 'फतेहपुर' },
  { en: 'Firozabad', hi: 'फिरोजाबाद' },
  { en: 'Gautam Buddha Nagar', hi: 'गौतम बुद्ध नगर' },
  { en: 'Ghaziabad', hi: 'गाजियाबाद' },
  { en: 'Ghazipur', hi: 'गाजीपुर' },
  { en: 'Gonda', hi: 'गोंडा' },
  { en: 'Gorakhpur', hi: 'गोरखपुर' },
  { en: 'Hamirpur', hi: 'हमीरपुर' },
  { en: 'Hapur', hi: 'हापुड़' },
  { en: 'Hardoi', hi: 'हरदोई' },
  { en: 'Hathras', hi: 'हाथरस' },
  { en: 'Jalaun', hi: 'जालौन' },
  { en: 'Jaunpur', hi: 'जौनपुर' },
  { en: 'Jhansi', hi: 'झांसी' },
  { en: 'Kannauj', hi: 'कन्नौज' },
  { en: 'Kanpur Dehat', hi: 'कानपुर देहात' },
  { en: 'Kanpur Nagar', hi: 'कानपुर नगर' },
  { en: 'Kasganj', hi: 'कासगंज' },
  { en: 'Kaushambi', hi: 'कौशाम्बी' },
  { en: 'Kushinagar', hi: 'कुशीनगर' },
  { en: 'Lakhimpur Kheri', hi: 'लखीमपुर खीरी' },
  { en: 'Lalitpur', hi: 'ललितपुर' },
  { en: 'Lucknow', hi: 'लखनऊ' },
  { en: 'Maharajganj', hi: 'महराजगंज' },
  { en: 'Mahoba', hi: 'महोबा' },
  { en: 'Mainpuri', hi: 'मैनपुरी' },
  { en: 'Mathura', hi: 'मथुरा' },
  { en: 'Mau', hi: 'मऊ' },
  { en: 'Meerut', hi: 'मेरठ' },
  { en: 'Mirzapur', hi: 'मिर्जापुर' },
  { en: 'Moradabad', hi: 'मुरादाबाद' },
  { en: 'Muzaffarnagar', hi: 'मुजफ्फरनगर' },
  { en: 'Pilibhit', hi: 'पीलीभीत' },
  { en: 'Pratapgarh', hi: 'प्रतापगढ़' },
  { en: 'Prayagraj', hi: 'प्रयागराज' },
  { en: 'Raebareli', hi: 'रायबरेली' },
  { en: 'Rampur', hi: 'रामपुर' },
  { en: 'Saharanpur', hi: 'सहारनपुर' },
  { en: 'Sambhal', hi: 'संभल' },
  { en: 'Sant Kabir Nagar', hi: 'संत कबीर नगर' },
  { en: 'Shahjahanpur', hi: 'शाहजहांपुर' },
  { en: 'Shamli', hi: 'शामली' },
  { en: 'Shravasti', hi: 'श्रावस्ती' },
  { en: 'Siddharthnagar', hi: 'सिद्धार्थनगर' },
  { en: 'Sitapur', hi: 'सीतापुर' },
  { en: 'Sonbhadra', hi: 'सोनभद्र' },
  { en: 'Sultanpur', hi: 'सुल्तानपुर' },
  { en: 'Unnao', hi: 'उन्नाव' },
  { en: 'Varanasi', hi: 'वाराणसी' },
];

const squash = (s: string) =>
  s
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s.-]+/g, '');
const BY_NAME = new Map<string, string>();
for (const d of UP_DISTRICTS) {
  BY_NAME.set(squash(d.en), d.en);
  BY_NAME.set(squash(d.hi), d.en);
}
/** Former names and other names still in common use, with the district's name. */
export const OTHER_NAMES: readonly (readonly [string, string])[] = [
  ['Allahabad', 'Prayagraj'],
  ['Faizabad', 'Ayodhya'],
  ['Sant Ravidas Nagar', 'Bhadohi'],
  ['Kheri', 'Lakhimpur Kheri'],
  ['Rae Bareli', 'Raebareli'],
  ['Noida', 'Gautam Buddha Nagar'],
];
for (const [old, now] of OTHER_NAMES) BY_NAME.set(squash(old), now);

/** The canonical (English) district name for an English or Hindi spelling, or undefined when not in Uttar Pradesh. */
export function findDistrict(name: string | undefined | null): string | undefined {
  if (!name) return undefined;
  return BY_NAME.get(squash(name));
}

/** Hindi name of a canonical district, for display. */
export function districtHindi(en: string): string | undefined {
  return UP_DISTRICTS.find((d) => d.en === en)?.hi;
}
