import { lotView } from '@shared/public-pages/lot';
import { LOT_REFUSAL, lotTitle, routePath } from '@shared/public-pages/words';
import { LotCodeParam } from '@shared/schemas/lots';
import { pageDocument } from '../lib/pages/document';
import { html } from '../lib/pages/html';
import { readPart, refusalWords, type PageRequest, type Refusal, type RenderedPage } from '../lib/pages/serve';
import * as lots from './service';

/**
 * The lot's page at /lot/{code}, opened by scanning the QR code on a bag, drawn from the view the app's lot screen
 * draws too (shared/public-pages/lot.ts): the lot, its crop, its producer (the Aadhaar's last 4 digits only) and its
 * quantities.
 */
export async function lotPage({ lang, t, pathParameters }: PageRequest): Promise<RenderedPage> {
  const { code } = readPart(LotCodeParam, pathParameters);
  const lot = await lots.byCode(code);
  const v = lotView(lot, t, lang);
  const qr = routePath('/api/lots/by-code/{code}/qrcode.svg', { code: lot.lotCode });
  const main = html`<section class="narrow" data-testid="public-lot">
    <h1 class="big-title" style="font-weight:400;margin-bottom:8px">${v.title}</h1>
    <div style="text-align:center;margin-bottom:16px">
      <img src="${qr}" alt="${v.qrAlt}" width="200" height="200" style="max-width:60vw;height:auto">
    </div>
    <dl class="facts">${v.facts.map((f) => html`<dt>${f.label}</dt><dd>${f.value}</dd>`)}</dl>
  </section>`;
  return {
    document: pageDocument({
      lang,
      title: lotTitle(lot.lotCode, t),
      path: routePath('/lot/{code}', { code: lot.lotCode }),
      main,
    }),
    caching: 'public',
  };
}

/** A lot that cannot be shown, as the app's lot page says it. */
export const lotRefusal = (r: Refusal) =>
  html`<div class="error" role="alert" data-testid="lot-error">${refusalWords(r, LOT_REFUSAL, { code: r.req.pathParameters.code ?? '' })}</div>`;
