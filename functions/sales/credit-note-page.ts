import { BILL_QR_SIZE } from '@shared/public-pages/bill';
import { creditNoteView } from '@shared/public-pages/credit-note';
import { BILL_REFUSAL, routePath } from '@shared/public-pages/words';
import { CreditNoteNumberParam } from '@shared/schemas/credit-notes';
import { BillQuery } from '@shared/schemas/sales';
import { pageDocument } from '../lib/pages/document';
import { factRows, factValue, qrFigure } from '../lib/pages/facts';
import { html } from '../lib/pages/html';
import { readPart, refusalWords, type PageRequest, type Refusal, type RenderedPage } from '../lib/pages/serve';
import * as creditNoteRead from './credit-note-read';

/**
 * The credit note at /credit-note/{number}?t={token}, drawn from the view the app's credit note screen draws too
 * (shared/public-pages/credit-note.ts), as that screen shows it to a visitor who is not signed in: with the token,
 * the note in full; without, that it exists and which bill it cancels. One A4 page with its QR code.
 */
export async function creditNotePage({ lang, t, query, pathParameters }: PageRequest): Promise<RenderedPage> {
  const { number } = readPart(CreditNoteNumberParam, pathParameters);
  const { t: token } = readPart(BillQuery, { t: query.t || undefined });
  const note = await creditNoteRead.creditNoteByNumber(number, null, token);
  const v = creditNoteView(note, t, lang);
  const qr = routePath(
    '/api/credit-notes/by-number/{number}/qrcode.png',
    { number: note.creditNoteNumber },
    { size: BILL_QR_SIZE, t: v.qrToken },
  );
  const s = v.supplier;
  const main = html`<div>
    <div class="actions no-print needs-js"><button type="button" class="button" data-print>${t('billView.print')}</button></div>
    <article class="card" data-testid="credit-note">
      <div class="head">
        <div>
          ${
            s
              ? html`<div data-testid="credit-note-supplier">
                  <p style="font-weight:600;line-height:1.2">${s.name}</p>
                  ${s.address && html`<p class="small">${s.address}</p>`}
                  <p class="small">GSTIN: ${s.gstin}</p>
                </div>`
              : html`<p class="title">${v.institute}</p>`
          }
          <h1 class="big-title">${v.heading}</h1>
        </div>
        <div class="right">
          <p class="small">${v.number.label}: ${factValue(v.number)}</p>
          <p class="small">${v.issuedOn.label}: ${v.issuedOn.value}</p>
        </div>
      </div>
      ${v.notVerified && html`<p class="warn no-print" role="alert" data-testid="credit-note-check"><strong>${v.notVerified.title}</strong><br>${v.notVerified.body}</p>`}
      <div class="blocks">
        <div class="block" style="flex-basis:300px"><table><tbody>${factRows(v.facts)}</tbody></table></div>
        ${qrFigure(qr, v.qrAlt, v.scan)}
      </div>
      <p class="small${v.footer.muted ? ' muted' : ''}" style="${v.footer.muted ? 'margin-top:16px' : 'margin-top:12px;padding-top:8px;border-top:1px solid #e0e0e0'}">${v.footer.text}</p>
    </article>
  </div>`;
  return {
    document: pageDocument({
      lang,
      title: v.title,
      path: routePath('/credit-note/{number}', { number: note.creditNoteNumber }),
      keep: { t: token },
      main,
      staffApp: true,
    }),
    caching: note.view === 'full' ? 'private' : 'public',
  };
}

/** A credit note that cannot be shown, as the app's page says it. */
export const creditNoteRefusal = (r: Refusal) =>
  html`<p class="error" role="alert" data-testid="credit-note-error">${refusalWords(r, BILL_REFUSAL, { number: r.req.pathParameters.number ?? '' })}</p>`;
