import { cropLabel } from '@shared/crop-names';
import { formatRupees } from '@shared/format';
import { CreditNoteNumberParam } from '@shared/schemas/credit-notes';
import { BillQuery } from '@shared/schemas/sales';
import { pageDocument } from '../lib/pages/document';
import { kg, kolkataDateTime, routePath } from '../lib/pages/format';
import { html, type Html } from '../lib/pages/html';
import { readPart, refusalText, type PageRequest, type Refusal, type RenderedPage } from '../lib/pages/serve';
import * as creditNoteRead from './credit-note-read';

/**
 * The credit note at /credit-note/{number}?t={token}, as the app's page shows it to a visitor who is not signed
 * in (frontend/src/features/credit-note): with the token, the note in full; without, that it exists and which
 * bill it cancels. One A4 page with its QR code.
 */
const QR_SIZE = 512;

const row = (label: string, value: Html | string) => html`<tr><th scope="row">${label}</th><td>${value}</td></tr>`;

export async function creditNotePage({ lang, t, query, pathParameters }: PageRequest): Promise<RenderedPage> {
  const { number } = readPart(CreditNoteNumberParam, pathParameters);
  const { t: token } = readPart(BillQuery, { t: query.t || undefined });
  const note = await creditNoteRead.creditNoteByNumber(number, null, token);
  const full = note.view === 'full' ? note : undefined;
  const qr = routePath(
    '/api/credit-notes/by-number/{number}/qrcode.png',
    { number: note.creditNoteNumber },
    { size: QR_SIZE, t: full?.verifyToken },
  );
  const billLink = routePath('/bill/{number}', { number: note.invoiceNumber }, { t: full?.invoiceToken });
  const rows = [
    row(t('creditNote.cancelsBill'), html`<a href="${billLink}" data-testid="credit-note-bill">${note.invoiceNumber}</a>`),
    full && row(t('creditNote.billDate'), kolkataDateTime(full.invoiceDate, lang)),
    full && row(t('billView.name'), full.farmerName),
    full?.farmerAddress && row(t('billView.address'), full.farmerAddress),
    row(t('billView.lotCode'), note.lotCode),
    row(t('billView.crop'), cropLabel(note, lang)),
    full?.hsnCode && row(t('billSupply.hsnCode'), html`<span data-testid="credit-note-hsn">${full.hsnCode}</span>`),
    row(
      t('billView.quantity'),
      full
        ? t('billView.quantityKg', { kg: kg(full.quantityKg), bags: full.bags, size: kg(full.bagSizeKg) })
        : `${kg(note.quantityKg)} kg`,
    ),
    full && row(t('billView.rate'), `₹${formatRupees(full.pricePerUnit)}`),
    row(
      t('creditNote.amountCredited'),
      html`<strong data-testid="credit-note-amount">₹${formatRupees(note.totalAmount)}</strong>`,
    ),
    full && row(t('creditNote.reason'), html`<span data-testid="credit-note-reason">${full.reason}</span>`),
  ];
  const main = html`<div>
    <div class="actions no-print needs-js"><button type="button" class="button" data-print>${t('billView.print')}</button></div>
    <article class="card" data-testid="credit-note">
      <div class="head">
        <div>
          ${
            full?.supplier
              ? html`<div data-testid="credit-note-supplier">
                  <p style="font-weight:600;line-height:1.2">${full.supplier.name}</p>
                  ${full.supplier.address && html`<p class="small">${full.supplier.address}</p>`}
                  <p class="small">GSTIN: ${full.supplier.gstin || '—'}</p>
                </div>`
              : html`<p class="title">${t('home.instituteTitle')}</p>`
          }
          <h1 class="big-title">${t('creditNote.heading')}</h1>
        </div>
        <div class="right">
          <p class="small">${t('creditNote.number')}: <strong data-testid="credit-note-number">${note.creditNoteNumber}</strong></p>
          <p class="small">${t('creditNote.issuedOn')}: ${kolkataDateTime(note.issuedOn, lang)}</p>
        </div>
      </div>
      ${
        !full &&
        html`<p class="ok" role="status"><strong>${t('creditNote.verified')}</strong><br>${t('creditNote.verifiedBody', {
          number: note.creditNoteNumber,
          bill: note.invoiceNumber,
        })}</p>`
      }
      <div class="blocks">
        <div class="block" style="flex-basis:300px"><table><tbody>${rows}</tbody></table></div>
        <figure>
          <img src="${qr}" alt="${t('creditNote.qrAlt', { number: note.creditNoteNumber })}" width="150" height="150">
          <figcaption>${t('billView.scan')}</figcaption>
        </figure>
      </div>
      ${
        full
          ? html`<p class="small" style="margin-top:12px;padding-top:8px;border-top:1px solid #e0e0e0">${t('creditNote.issuedBy', { name: full.issuedByName })}</p>`
          : html`<p class="small muted" style="margin-top:16px">${t('creditNote.summaryNote')}</p>`
      }
    </article>
  </div>`;
  return {
    document: pageDocument({
      lang,
      title: `${t('creditNote.title')} ${note.creditNoteNumber}`,
      path: routePath('/credit-note/{number}', { number: note.creditNoteNumber }),
      keep: { t: token },
      main,
      staffApp: true,
    }),
    caching: full ? 'private' : 'public',
  };
}

/** A credit note that cannot be shown, as the app's page says it. */
export const creditNoteRefusal = (r: Refusal) =>
  html`<p class="error" role="alert" data-testid="credit-note-error">${refusalText(
    r,
    { notFoundKey: 'billView.notFoundMessage', failedKey: 'billView.failedMessage' },
    { number: r.req.pathParameters.number ?? '' },
  )}</p>`;
