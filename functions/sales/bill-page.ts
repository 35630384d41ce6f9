import { BILL_QR_SIZE, billCheckView, billSummaryView, type FactBlock } from '@shared/public-pages/bill';
import { billCopyView, type BillCopyView } from '@shared/public-pages/bill-copy';
import { cancelledMarkView } from '@shared/public-pages/bill-cancelled';
import { BILL_REFUSAL, billTitle, routePath, type PageLanguage, type Translate } from '@shared/public-pages/words';
import { BillQuery, InvoiceNumberParam } from '@shared/schemas/sales';
import type { BillReply, BillSummary, InvoiceResponse } from '@shared/schemas/sales';
import { pageDocument } from '../lib/pages/document';
import { factRows, factValue, qrFigure } from '../lib/pages/facts';
import { Html, html } from '../lib/pages/html';
import { readPart, refusalWords, type PageRequest, type Refusal, type RenderedPage } from '../lib/pages/serve';
import { byNumber } from './bill-read';
import { AppError } from '../lib/errors';
import { parseCounterInvoiceNumber } from '@shared/schemas/offline-counter';
import { getConflict, seriesState } from './offline/store';

/**
 * The public bill at /bill/{number}?t={token}, drawn from the views the app's bill screen draws too
 * (shared/public-pages/bill.ts, bill-copy.ts, bill-cancelled.ts), as that screen shows it to a visitor who is not signed in: by the number alone,
 * only that the bill exists (the summary); with the bill's token from its QR code, the one 'Duplicate Copy' with
 * the mobile masked. Staff copies, print layouts and the cancel buttons are the app's: the page loads it for a
 * signed-in staff member.
 */

/** A titled table; the summary's is an h2 (under the page's h1), a copy's an h3 (under the copy's h2). */
const block = (b: FactBlock, heading: 'h2' | 'h3' = 'h3') =>
  html`<section class="block">${new Html(`<${heading}>`)}${b.title}${new Html(`</${heading}>`)}<table><tbody>${factRows(b.facts)}</tbody></table></section>`;

/** The large CANCELLED mark of a cancelled bill (the app's CancelledMark). */
function cancelledMark(bill: BillReply, t: Translate, lang: PageLanguage): Html {
  const mark = cancelledMarkView(bill, t, lang);
  if (!mark) return html``;
  return html`<div class="cancelled" role="alert" data-testid="bill-cancelled">
    <p class="mark" data-testid="bill-cancelled-mark">${mark.mark}</p>
    <p>${mark.body}</p>
    ${mark.on && html`<p data-testid="bill-cancelled-on">${mark.on}</p>`}
    ${mark.reason && html`<p data-testid="bill-cancel-reason">${mark.reason}</p>`}
    ${
      mark.creditNote &&
      html`<p style="font-weight:600">${mark.creditNote.label}:
        <a href="${mark.creditNote.href}" data-testid="bill-credit-note">${mark.creditNote.number}</a></p>`
    }
  </div>`;
}

function summary(bill: BillSummary, t: Translate, lang: PageLanguage): Html {
  const v = billSummaryView(bill, t, lang);
  return html`<article class="card" data-testid="bill-summary">
    ${block(v.block, 'h2')}
    <p class="small muted" style="margin-top:16px">${v.note}</p>
  </article>`;
}

/** Whether the code the reader came with is the bill's ('verified'), another ('does not match') or none. */
function codeCheck(bill: BillReply, code: string | undefined, t: Translate): Html {
  const check = billCheckView(bill, code, t);
  if (!check) return html``;
  const ok = check.kind === 'verified';
  return html`<div class="${ok ? 'ok' : 'warn'} no-print" role="${ok ? 'status' : 'alert'}" data-testid="bill-check">
    <strong>${check.title}</strong><br>${check.body}
  </div>`;
}

function copyHead(v: BillCopyView): Html {
  const s = v.supplier;
  if (!s) return html`<div><h2 class="title">${v.institute.name}</h2><p class="small">${v.institute.heading}</p></div>`;
  return html`<div data-testid="bill-supplier">
    <h2 class="strong-title" data-testid="bill-supply-title">${s.title}</h2>
    <p style="font-weight:600;margin-top:4px">${s.name}</p>
    ${s.address && html`<p class="small">${s.address}</p>`}
    <p class="small">${s.gstin.label}: ${factValue(s.gstin)}</p>
  </div>`;
}

function duplicateCopy(bill: InvoiceResponse, token: string | undefined, t: Translate, lang: PageLanguage) {
  const v = billCopyView(bill, t, lang);
  const qr = routePath(
    '/api/invoices/by-number/{number}/qrcode.png',
    { number: bill.invoiceNumber },
    { size: BILL_QR_SIZE, t: bill.verifyToken ?? token },
  );
  const words = v.amountInWords;
  return html`<article class="card" data-testid="bill-copy">
    <div class="head">
      ${copyHead(v)}
      <div class="right">
        <p style="font-weight:700;font-size:14px" data-testid="copy-label">${t('billView.duplicate')}</p>
        <p class="small">${v.number.label}: ${factValue(v.number)}</p>
        <p class="small">${v.generatedOn.label}: ${v.generatedOn.value}</p>
      </div>
    </div>
    <div class="blocks">
      ${block(v.recipient)}
      ${block(v.lot)}
      ${qrFigure(qr, v.qrAlt, v.scan)}
    </div>
    ${
      words &&
      html`<div class="small" style="margin-top:12px" data-testid="bill-amount-words">
        <div style="font-weight:600">${words.label}:</div><div lang="en">${words.en}</div><div lang="hi">${words.hi}</div>
      </div>`
    }
    ${v.noTax && html`<div class="small" style="font-weight:600;margin-top:8px;padding-top:8px;border-top:1px solid #e0e0e0" data-testid="bill-no-tax">${v.noTax}</div>`}
  </article>`;
}

export async function billPage({ lang, t, query, pathParameters }: PageRequest): Promise<RenderedPage> {
  const { number } = readPart(InvoiceNumberParam, pathParameters);
  const { t: token } = readPart(BillQuery, { t: query.t || undefined });
  let bill: BillReply;
  try {
    bill = await byNumber(number, null, token);
  } catch (e) {
    if (!(await handedToOfflineCounter(number, e))) throw e;
    // Printed at a counter working offline, not on the server yet (docs/decisions/0048-offline-counter.md).
    return {
      document: pageDocument({
        lang,
        title: billTitle(number, t),
        path: routePath('/bill/{number}', { number }),
        keep: { t: token },
        main: html`<div><h1 class="sr-only">${billTitle(number, t)}</h1>
          <div class="warn" role="status" data-testid="bill-being-recorded">${t('offline.beingRecorded')}</div></div>`,
        staffApp: true,
      }),
      caching: 'private',
    };
  }
  const title = billTitle(bill.invoiceNumber, t);
  const content =
    bill.view === 'summary'
      ? summary(bill, t, lang)
      : html`<div class="actions no-print needs-js">
            <button type="button" class="button" data-print>${t('billView.print')}</button>
          </div>
          ${duplicateCopy(bill, token, t, lang)}`;
  const main = html`<div>
    <h1 class="sr-only">${title}</h1>
    ${cancelledMark(bill, t, lang)}
    ${codeCheck(bill, token, t)}
    ${content}
  </div>`;
  return {
    document: pageDocument({
      lang,
      title,
      path: routePath('/bill/{number}', { number: bill.invoiceNumber }),
      keep: { t: token },
      main,
      staffApp: true,
    }),
    // With the token the page holds the farmer's name and address: kept by the reader's browser only.
    caching: bill.view === 'summary' ? 'public' : 'private',
  };
}

/** A bill number of a counter's series that a preparation handed out but no bill or conflict holds yet. */
async function handedToOfflineCounter(number: string, e: unknown): Promise<boolean> {
  if (!(e instanceof AppError) || e.status !== 404) return false;
  const n = parseCounterInvoiceNumber(number);
  if (!n) return false;
  const series = await seriesState(n.fyStart, n.code).catch(() => undefined);
  if (!series || series.value < n.seq) return false;
  // A number reported unused at the reconciliation is never a bill, unless a bill printed with it came back late
  // (a conflict for admins: still being recorded).
  return !series.unused.has(number) || (await getConflict(number).catch(() => undefined)) !== undefined;
}

/** A bill that cannot be shown, as the app's bill page says it. */
export const billRefusal = (r: Refusal) =>
  html`<div class="error" role="alert" data-testid="bill-error">${refusalWords(r, BILL_REFUSAL, { number: r.req.pathParameters.number ?? '' })}</div>`;
