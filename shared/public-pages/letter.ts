import { letterStatusView } from '../allocation-status';
import { inLanguage } from '../bilingual';
import { cropLabel } from '../crop-names';
import { choiceLabel, quantityLabel } from '../crop-rules';
import { districtHindi } from '../districts';
import { indiaDay } from '../india-day';
import type { AppointmentRecord } from '../schemas/registration';
import { collectByLine, letterStatusBlock, type LetterStatusBlock } from './letter-status';
import { kg, rupees, type Fact, type PageLanguage, type Translate } from './words';

/**
 * The appointment letter at /svs/appointment/{code} (docs/product-rules.md#appointment-letter): its heading, where
 * the registration stands, the number, day and shift, where to come and what to bring, the details (Aadhaar and
 * mobile masked as the letter's API masks them). Day, shift, place and what to bring only while confirmed.
 */

/** Stored values to message keys; kept here so the letter does not load the form's schemas. */
const CATEGORIES = new Set(['GEN', 'OBC', 'SC', 'ST']);
const GENDER_KEYS: Record<string, 'male' | 'female'> = { पुरुष: 'male', महिला: 'female' };

export interface LetterSheetView {
  institute: string;
  /** The counter's address, printed under the institute's name. */
  headAddress?: string;
  heading: string;
  status: LetterStatusBlock | null;
  regNo: Fact;
  year: Fact;
  /** The date, the shift and the last day to collect: only while confirmed. */
  appointment?: { date: Fact & { weekday: string }; shift: Fact; collectBy?: string };
  /**
   * The letter's QR code (its own link) and what it is for: shown at the counter while confirmed, scanned to look
   * again while waiting; none once billed, expired or cancelled (docs/product-rules.md#the-letter-says-what-is-true-for-its-status).
   */
  qr?: { alt: string };
  /** The seed issued, on a billed letter. */
  billed?: string;
  /** Where to come (the counter's address and hours) and what to bring: only while confirmed. */
  where?: { title: string; lines: Fact[] };
  bring?: { title: string; items: string[] };
  details: { title: string; facts: Fact[] };
}

export function letterSheetView(letter: AppointmentRecord, t: Translate, lang: PageLanguage): LetterSheetView {
  const { weekday, date } = indiaDay(letter.appointmentDate || letter.appointmentDateTime?.slice(0, 10), lang);
  const { showsAppointment } = letterStatusView(letter);
  const district = lang === 'en' ? letter.district : (districtHindi(letter.district) ?? letter.district);
  const details: [string, string][] = [
    [t('appointment.name'), letter.name],
    [t('appointment.fatherName'), letter.fatherName],
    [t('appointment.aadhaar'), letter.adharNumber],
    [t('appointment.mobile'), letter.mobileNumber],
    [
      t('appointment.category'),
      CATEGORIES.has(letter.category) ? t(`appointment.categories.${letter.category}`) : letter.category,
    ],
    [
      t('appointment.gender'),
      letter.gender in GENDER_KEYS ? t(`appointment.genders.${GENDER_KEYS[letter.gender]}`) : letter.gender,
    ],
    [
      t('appointment.address'),
      `${t('appointment.village')} ${letter.village}, ${t('appointment.block')} ${letter.block}, ${t('appointment.subDistrict')} ${letter.subDistrict}, ${t('appointment.district')} ${district}`,
    ],
    [t('appointment.crop'), cropLabel(letter, lang)],
    // A dash for a crop the form offered no quantity for (docs/product-rules.md#quantities-per-crop); bags with their kg.
    [
      letter.unit === 'bag' ? t('appointment.quantityBags') : t('appointment.quantityKg'),
      letter.quantityOffered === false ? '' : quantityOf(letter, lang),
    ],
  ];
  // Settings written 'हिंदी / English' show the page's side (shared/bilingual.ts).
  const counterAddress = inLanguage(letter.counterAddress, lang);
  const counterHours = inLanguage(letter.counterHours, lang);
  const where: Fact[] = [];
  if (counterAddress) where.push({ label: '', value: counterAddress, testId: 'appointment-counter-address' });
  if (counterHours) where.push({ label: '', value: counterHours, testId: 'appointment-counter-hours' });
  return {
    institute: t('home.instituteTitle'),
    headAddress: counterAddress || undefined,
    heading: t(showsAppointment ? 'appointment.heading' : 'appointment.headingRegistration'),
    status: letterStatusBlock(letter, t, lang),
    regNo: { label: t('appointment.regNo'), value: String(letter.id), testId: 'appointment-id' },
    year: { label: t('appointment.year'), value: String(letter.year) },
    appointment: showsAppointment
      ? {
          date: { label: t('appointment.date'), weekday, value: date, testId: 'appointment-date' },
          shift: {
            label: t('appointment.shift'),
            value: inLanguage(letter.appointmentShift ?? '', lang),
            testId: 'appointment-shift',
          },
          collectBy: collectByLine(letter, t, lang),
        }
      : undefined,
    qr: qrOf(letter, t),
    billed: letter.isBilled ? t('appointment.billed', { number: letter.invoiceNumber ?? '—' }) : undefined,
    where: showsAppointment ? { title: t('appointment.whereTitle'), lines: where } : undefined,
    bring: showsAppointment
      ? {
          title: t('appointment.bringTitle'),
          items: [t('appointment.bringAadhaar'), t('appointment.bringLetter'), ...payLine(letter, t)],
        }
      : undefined,
    details: { title: t('appointment.detailsTitle'), facts: details.map(([label, value]) => ({ label, value: value || '—' })) },
  };
}

/** What the registration holds: '2 बैग (80 किलो)' for a bag crop (its kg as held by the letter's reply), '3 किलो' otherwise. */
function quantityOf(letter: AppointmentRecord, lang: PageLanguage): string {
  if (letter.unit !== 'bag' || !letter.quantityKg) return quantityLabel(letter.bagsRequested, letter.unit, lang);
  return choiceLabel(letter.bagsRequested, { unit: 'bag', bagSizeKg: letter.quantityKg / letter.bagsRequested }, lang);
}

/**
 * The money to bring, in what to bring (docs/product-rules.md#the-letter-says-how-many-kilograms-and-what-to-pay):
 * kg × the lots' price, as one amount or from the lowest to the highest lot price; the price per kg alone when the
 * form offered no quantity; nothing while the crop has no lot.
 */
function payLine(letter: AppointmentRecord, t: Translate): string[] {
  const price = letter.pricePerKg;
  if (!price) return [];
  const one = price.min === price.max;
  const perKg = one ? rupees(price.min) : `${rupees(price.min)}–${rupees(price.max)}`;
  const weight = letter.quantityKg;
  if (!weight) return [t('appointment.payPerKg', { price: perKg })];
  const amount = (p: number) => rupees(Math.round(weight * p * 100) / 100);
  const vars = { kg: kg(weight), price: perKg, amount: amount(price.min), to: amount(price.max) };
  return [t(one ? 'appointment.pay' : 'appointment.payRange', vars)];
}

/** The QR code while it serves the farmer: at the counter (confirmed) or to look again (waiting). */
function qrOf(letter: AppointmentRecord, t: Translate): LetterSheetView['qr'] {
  const { headline } = letterStatusView(letter);
  if (headline === 'confirmed') return { alt: t('appointment.qrAlt') };
  if (headline === 'waitlisted' || headline === 'applied') return { alt: t('appointment.qrAltWaiting') };
  return undefined;
}

/** The letter's document title, which names its saved PDF (and the printed page's file). */
export const letterFileName = (letter: Pick<AppointmentRecord, 'year' | 'id'>) =>
  `Appointment-Letter-${letter.year}-${letter.id}`;

/** The title a shared link to the letter carries. */
export const letterShareTitle = (letter: Pick<AppointmentRecord, 'year' | 'id'>, t: Translate) =>
  `${t('appointment.title')} ${letter.id}/${letter.year}`;
