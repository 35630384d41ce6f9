import { cropLabel } from '../crop-names';
import { kolkataDateTime } from '../kolkata-date-time';
import type { PublicLotResponse } from '../schemas/lots';
import type { Fact, PageLanguage, Translate } from './words';

/**
 * The lot's page at /lot/{code}, opened by scanning the QR code on a bag: the lot, its crop, its producer (the
 * Aadhaar's last 4 digits only, docs/product-rules.md#public-lot-pages-show-the-producers-contact-masked) and its quantities.
 */
export interface LotView {
  title: string;
  qrAlt: string;
  facts: Fact[];
}

export function lotView(lot: PublicLotResponse, t: Translate, lang: PageLanguage): LotView {
  const locale = lang === 'hi' ? 'hi-IN' : 'en-IN';
  const kg = (v: number) => t('lotPublic.kg', { value: v.toLocaleString(locale, { maximumFractionDigits: 2 }) });
  const producer = lot.producerRegistrationNumber
    ? `${lot.producerName} (${t('lotPublic.registrationNumber', { number: lot.producerRegistrationNumber })})`
    : lot.producerAadhaarLast4
      ? `${lot.producerName} (${t('lotPublic.aadhaarLast4', { last4: lot.producerAadhaarLast4 })})`
      : lot.producerName;
  const facts: [string, string][] = [
    [t('lotPublic.code'), lot.lotCode],
    [t('lotPublic.type'), lot.isSubsidized ? t('lotPublic.subsidised') : t('lotPublic.nonSubsidised')],
    [t('lotPublic.year'), String(lot.year)],
    [t('lotPublic.crop'), cropLabel(lot, lang)],
    [t('lotPublic.cropDescription'), lot.cropDescription || '—'],
    [t('lotPublic.producer'), producer],
    [t('lotPublic.contact'), lot.producerContact || '—'],
    [t('lotPublic.address'), lot.producerAddress || '—'],
    [t('lotPublic.total'), kg(lot.quantityAvailable)],
    [t('lotPublic.used'), kg(lot.quantityUsed)],
    [t('lotPublic.remaining'), kg(lot.remaining)],
    [t('lotPublic.created'), kolkataDateTime(lot.createdOn, lang)],
  ];
  return {
    title: t('lotPublic.title'),
    qrAlt: t('lotPublic.qrAlt'),
    facts: facts.map(([label, value]) => ({ label, value })),
  };
}
