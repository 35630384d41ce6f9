import { cropLabel } from '@shared/crop-names';
import { LotCodeParam } from '@shared/schemas/lots';
import { pageDocument } from '../lib/pages/document';
import { kolkataDateTime, routePath } from '../lib/pages/format';
import { html } from '../lib/pages/html';
import { readPart, refusalText, type PageRequest, type Refusal, type RenderedPage } from '../lib/pages/serve';
import * as lots from './service';

/**
 * The lot's page at /lot/{code}, opened by scanning the QR code on a bag (the app's PublicLotPage): the lot,
 * its crop, its producer (the Aadhaar's last 4 digits only) and its quantities.
 */
export async function lotPage({ lang, t, pathParameters }: PageRequest): Promise<RenderedPage> {
  const { code } = readPart(LotCodeParam, pathParameters);
  const lot = await lots.byCode(code);
  const locale = lang === 'hi' ? 'hi-IN' : 'en-IN';
  const kg = (v: number) => t('lotPublic.kg', { value: v.toLocaleString(locale, { maximumFractionDigits: 2 }) });
  const rows: [string, string][] = [
    [t('lotPublic.code'), lot.lotCode],
    [t('lotPublic.type'), lot.isSubsidized ? t('lotPublic.subsidised') : t('lotPublic.nonSubsidised')],
    [t('lotPublic.year'), String(lot.year)],
    [t('lotPublic.crop'), cropLabel(lot, lang)],
    [t('lotPublic.cropDescription'), lot.cropDescription || '—'],
    [
      t('lotPublic.producer'),
      lot.producerAadhaarLast4
        ? `${lot.producerName} (${t('lotPublic.aadhaarLast4', { last4: lot.producerAadhaarLast4 })})`
        : lot.producerName,
    ],
    [t('lotPublic.contact'), lot.producerContact || '—'],
    [t('lotPublic.address'), lot.producerAddress || '—'],
    [t('lotPublic.total'), kg(lot.quantityAvailable)],
    [t('lotPublic.used'), kg(lot.quantityUsed)],
    [t('lotPublic.remaining'), kg(lot.remaining)],
    [t('lotPublic.created'), kolkataDateTime(lot.createdOn, lang)],
  ];
  const qr = routePath('/api/lots/by-code/{code}/qrcode.svg', { code: lot.lotCode });
  const main = html`<section class="narrow" data-testid="public-lot">
    <h1 class="big-title" style="font-weight:400;margin-bottom:8px">${t('lotPublic.title')}</h1>
    <div style="text-align:center;margin-bottom:16px">
      <img src="${qr}" alt="${t('lotPublic.qrAlt')}" width="200" height="200" style="max-width:60vw;height:auto">
    </div>
    <dl class="facts">${rows.map(([label, value]) => html`<dt>${label}</dt><dd>${value}</dd>`)}</dl>
  </section>`;
  return {
    document: pageDocument({
      lang,
      title: `${t('lotPublic.title')} ${lot.lotCode}`,
      path: routePath('/lot/{code}', { code: lot.lotCode }),
      main,
    }),
    caching: 'public',
  };
}

/** A lot that cannot be shown, as the app's lot page says it. */
export const lotRefusal = (r: Refusal) =>
  html`<div class="error" role="alert" data-testid="lot-error">${refusalText(
    r,
    { notFoundKey: 'lotPublic.notFoundMessage', failedKey: 'lotPublic.failedMessage' },
    { code: r.req.pathParameters.code ?? '' },
  )}</div>`;
