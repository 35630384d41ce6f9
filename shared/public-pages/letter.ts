import { letterStatusView } from '../allocation-status';
import { cropLabel } from '../crop-names';
import { quantityLabel } from '../crop-rules';
import { districtHindi } from '../districts';
import { indiaDay } from '../india-day';
import type { AppointmentRecord } from '../schemas/registration';
import { collectByLine, letterStatusBlock, type LetterStatusBlock } from './letter-status';
import type { Fact, PageLanguage, Translate } from './words';

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
  qrAlt: string;
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
    // A dash for a crop the form offered no quantity for (docs/product-rules.md#quantities-per-crop).
    [
      letter.unit === 'bag' ? t('appointment.quantityBags') : t('appointment.quantityKg'),
      letter.quantityOffered === false ? '' : quantityLabel(letter.bagsRequested, letter.unit, lang),
    ],
  ];
  const where: Fact[] = [];
  if (letter.counterAddress) where.push({ label: '', value: letter.counterAddress, testId: 'appointment-counter-address' });
  if (letter.counterHours) where.push({ label: '', value: letter.counterHours, testId: 'appointment-counter-hours' });
  return {
    institute: t('home.instituteTitle'),
    headAddress: letter.counterAddress || undefined,
    heading: t(showsAppointment ? 'appointment.heading' : 'appointment.headingRegistration'),
    status: letterStatusBlock(letter, t, lang),
    regNo: { label: t('appointment.regNo'), value: String(letter.id), testId: 'appointment-id' },
    year: { label: t('appointment.year'), value: String(letter.year) },
    appointment: showsAppointment
      ? {
          date: { label: t('appointment.date'), weekday, value: date, testId: 'appointment-date' },
          shift: { label: t('appointment.shift'), value: letter.appointmentShift ?? '', testId: 'appointment-shift' },
          collectBy: collectByLine(letter, t, lang),
        }
      : undefined,
    qrAlt: t('appointment.qrAlt'),
    billed: letter.isBilled ? t('appointment.billed', { number: letter.invoiceNumber ?? '—' }) : undefined,
    where: showsAppointment ? { title: t('appointment.whereTitle'), lines: where } : undefined,
    bring: showsAppointment
      ? { title: t('appointment.bringTitle'), items: [t('appointment.bringAadhaar'), t('appointment.bringLetter')] }
      : undefined,
    details: { title: t('appointment.detailsTitle'), facts: details.map(([label, value]) => ({ label, value: value || '—' })) },
  };
}

/** The letter's document title, which names its saved PDF (and the printed page's file). */
export const letterFileName = (letter: Pick<AppointmentRecord, 'year' | 'id'>) =>
  `Appointment-Letter-${letter.year}-${letter.id}`;

/** The title a shared link to the letter carries. */
export const letterShareTitle = (letter: Pick<AppointmentRecord, 'year' | 'id'>, t: Translate) =>
  `${t('appointment.title')} ${letter.id}/${letter.year}`;
