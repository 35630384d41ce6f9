import { cropLabel } from '@shared/crop-names';
import { formatRupees, maskAadhaar } from '@shared/format';
import { BillQuery, InvoiceNumberParam } from '@shared/schemas/sales';
import type { BillSummary, InvoiceResponse } from '@shared/schemas/sales';
import { pageDocument } from '../lib/pages/document';
import { kg, kolkataDateTime, routePath } from '../lib/pages/format';
import { Html, html } from '../lib/pages/html';
import { readPart, refusalText, type PageRequest, type Refusal, type RenderedPage } from '../lib/pages/serve';
import type { Translate } from '../lib/pages/texts';
import * as sales from './service';

/**
 * The public bill at /bill/{number}?t={token}, as the app's bill page shows it to a visitor who is not signed in
 * (frontend/src/features/bill-view): by the number alone, only that the bill exists (the summary); with the
 * bill's token from its QR code, the one 'Duplicate Copy' with the mobile masked. Staff copies, print layouts
 * and the cancel buttons are the app's: the page loads it for a signed-in staff member.
 */
const QR_SIZE = 512;

const row = (label: string, value: Html | string) => html`<tr><th scope="row">${label}</th><td>${value}</td></tr>`;
/** A titled table; the summary's is an h2 (under the page's h1), a copy's an h3 (under the copy's h2). */
const block = (title: string, rows: Html[], heading: 'h2' | 'h3' = 'h3') =>
  html`<section class="block">${new Html(`<${heading}>`)}${title}${new Html(`</${heading}>`)}<table><tbody>${rows}</tbody></table></section>`;

export const creditNotePath = (number: string, token?: string) => routePath('/credit-note/{number}', { number }, { t: token });

/** The large CANCELLED mark of a cancelled bill (the app's CancelledMark). */
function cancelledMark(bill: BillSummary | InvoiceResponse, t: Translate, lang: string): Html {
  if (bill.status !== 'cancelled') return html``;
  const reason = 'cancelReason' in bill ? bill.cancelReason : undefined;
  const token = 'creditNoteToken' in bill ? bill.creditNoteToken : undefined;
  return html`<div class="cancelled" role="alert" data-testid="bill-cancelled">
    <p class="mark" data-testid="bill-cancelled-mark">${t('creditNote.cancelledMark')}</p>
    <p>${t('creditNote.cancelledBody')}</p>
    ${bill.cancelledOn && html`<p data-testid="bill-cancelled-on">${t('creditNote.cancelledOn', { date: kolkataDateTime(bill.cancelledOn, lang) })}</p>`}
    ${reason && html`<p data-testid="bill-cancel-reason">${t('creditNote.cancelReason', { reason })}</p>`}
    ${
      bill.creditNoteNumber &&
      html`<p style="font-weight:600">${t('creditNote.label')}:
        <a href="${creditNotePath(bill.creditNoteNumber, token)}" data-testid="bill-credit-note">${bill.creditNoteNumber}</a></p>`
    }
  </div>`;
}

function summary(bill: BillSummary, t: Translate, lang: string): Html {
  const quantity = t('billView.quantityKg', { kg: kg(bill.quantityKg), bags: bill.bags, size: kg(bill.bagSizeKg) });
  return html`<article class="card" data-testid="bill-summary">
    ${
      bill.status !== 'cancelled' &&
      html`<div class="ok" role="status" data-testid="bill-verified">
      <strong>${t('billView.verified')}</strong><br>${t('billView.verifiedBody', { number: bill.invoiceNumber })}
    </div>`
    }
    ${block(
      t('billView.heading'),
      [
        row(t('billView.invoiceNo'), html`<strong data-testid="bill-number">${bill.invoiceNumber}</strong>`),
        row(t('billView.generatedOn'), kolkataDateTime(bill.generatedOn, lang)),
        row(t('billView.crop'), cropLabel(bill, lang)),
        row(t('billView.lotCode'), bill.lotCode),
        row(t('billView.quantity'), quantity),
        row(t('billView.total'), html`<strong data-testid="bill-total">₹${formatRupees(bill.totalAmount)}</strong>`),
        ...(bill.status !== 'cancelled' ? [row(t('billView.status'), t('billView.statusIssued'))] : []),
      ],
      'h2',
    )}
    <p class="small muted" style="margin-top:16px">${t('billView.summaryNote')}</p>
  </article>`;
}

function duplicateCopy(bill: InvoiceResponse, token: string | undefined, t: Translate, lang: string): Html {
  const qr = routePath(
    '/api/invoices/by-number/{number}/qrcode.png',
    { number: bill.invoiceNumber },
    { size: QR_SIZE, t: bill.verifyToken ?? token },
  );
  const supplier = bill.supplier;
  const head = supplier
    ? html`<div data-testid="bill-supplier">
        <h2 class="strong-title" data-testid="bill-supply-title">${t('billSupply.title')}</h2>
        <p style="font-weight:600;margin-top:4px">${supplier.name}</p>
        ${supplier.address && html`<p class="small">${supplier.address}</p>`}
        <p class="small">${t('billSupply.gstin')}: <span data-testid="bill-gstin">${supplier.gstin || '—'}</span></p>
      </div>`
    : html`<div><h2 class="title">${t('home.instituteTitle')}</h2><p class="small">${t('billView.heading')}</p></div>`;
  const words = bill.amountInWords;
  return html`<article class="card" data-testid="bill-copy">
    <div class="head">
      ${head}
      <div class="right">
        <p style="font-weight:700;font-size:14px" data-testid="copy-label">${t('billView.duplicate')}</p>
        <p class="small">${t('billView.invoiceNo')}: <strong data-testid="bill-number">${bill.invoiceNumber}</strong></p>
        <p class="small">${t('billView.generatedOn')}: ${kolkataDateTime(bill.generatedOn, lang)}</p>
      </div>
    </div>
    <div class="blocks">
      ${block(supplier ? t('billSupply.recipient') : t('billView.farmer'), [
        row(t('billView.name'), bill.farmerName),
        row(t('billView.aadhaar'), bill.farmerAadhaarLast4 ? maskAadhaar(bill.farmerAadhaarLast4) : '—'),
        ...(bill.farmerContact
          ? [row(t('billView.contact'), html`<span data-testid="bill-contact">${bill.farmerContact}</span>`)]
          : []),
        ...(bill.farmerAddress ? [row(t('billView.address'), bill.farmerAddress)] : []),
      ])}
      ${block(t('billView.lot'), [
        row(t('billView.lotCode'), bill.lotCode),
        row(t('billView.crop'), cropLabel(bill, lang)),
        ...(supplier ? [row(t('billSupply.hsnCode'), html`<span data-testid="bill-hsn">${bill.hsnCode || '—'}</span>`)] : []),
        row(t('billView.year'), String(bill.year)),
        row(
          t('billView.quantity'),
          t('billView.quantityKg', { kg: kg(bill.quantityKg), bags: bill.bags, size: kg(bill.bagSizeKg) }),
        ),
        row(t('billView.quintal'), kg(bill.quantityQuintal)),
        row(t('billView.rate'), `₹${formatRupees(bill.pricePerUnit)}`),
        row(t('billView.paymentMode'), bill.paymentMode),
        row(t('billView.total'), html`<strong data-testid="bill-total">₹${formatRupees(bill.totalAmount)}</strong>`),
      ])}
      <figure>
        <img src="${qr}" alt="${t('billView.qrAlt', { number: bill.invoiceNumber })}" width="150" height="150">
        <figcaption>${t('billView.scan')}</figcaption>
      </figure>
    </div>
    ${
      words &&
      html`<div class="small" style="margin-top:12px" data-testid="bill-amount-words">
        <div style="font-weight:600">${t('billSupply.amountInWords')}:</div><div lang="en">${words.en}</div><div lang="hi">${words.hi}</div>
      </div>`
    }
    ${supplier && html`<div class="small" style="font-weight:600;margin-top:8px;padding-top:8px;border-top:1px solid #e0e0e0" data-testid="bill-no-tax">${t('billSupply.noTax')}</div>`}
  </article>`;
}

export async function billPage({ lang, t, query, pathParameters }: PageRequest): Promise<RenderedPage> {
  const { number } = readPart(InvoiceNumberParam, pathParameters);
  const { t: token } = readPart(BillQuery, { t: query.t || undefined });
  const bill = await sales.byNumber(number, null, token);
  const title = `${t('pages.bill')} ${bill.invoiceNumber}`;
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

/** A bill that cannot be shown, as the app's bill page says it. */
export const billRefusal = (r: Refusal) =>
  html`<div class="error" role="alert" data-testid="bill-error">${refusalText(
    r,
    { notFoundKey: 'billView.notFoundMessage', failedKey: 'billView.failedMessage' },
    { number: r.req.pathParameters.number ?? '' },
  )}</div>`;
