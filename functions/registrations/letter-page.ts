import { letterStatusView } from '@shared/allocation-status';
import { letterFileName, letterShareTitle, letterSheetView } from '@shared/public-pages/letter';
import type { LetterStatusBlock } from '@shared/public-pages/letter-status';
import { LETTER_CODE_RE, type AppointmentRecord } from '@shared/schemas/registration';
import { pageDocument } from '../lib/pages/document';
import { routePath } from '@shared/public-pages/words';
import { html, type Html } from '../lib/pages/html';
import { readPart, type PageRequest, type Refusal, type RenderedPage } from '../lib/pages/serve';
import type { PageLanguage, Translate } from '../lib/pages/texts';
import { LetterCodeParam } from '@shared/schemas/registration';
import { letterByCode } from './letters';
import { letterNotFound } from './letter-errors';

/**
 * The appointment letter at /svs/appointment/{code}, drawn from the view the app's LetterSheet draws too
 * (shared/public-pages/letter.ts): where the registration stands, the number, day and shift, where to come and what to bring, the
 * details (Aadhaar and mobile masked as the letter's API masks them) and the letter's QR code; printable on one
 * A4 page. Print and Share work with the page's small script; PDF, cancelling and My data load the app.
 */
/** Where the registration stands (shared/public-pages/letter-status.ts), as the app's LetterStatus draws it. */
function statusBlock(block: LetterStatusBlock | null): Html {
  if (!block) return html``;
  return html`<div class="status ${block.tone}" role="status" data-testid="letter-status" data-status="${block.status}">
    <p class="headline" data-testid="letter-status-headline">${block.headline}</p>
    ${block.lines.map((line) => html`<p class="${line.strong ? 'first' : ''}" data-testid="${line.id}">${line.text}</p>`)}
  </div>`;
}

const label = (text: string) => html`<p class="fact-label">${text}</p>`;

function sheet(letter: AppointmentRecord, t: Translate, lang: PageLanguage): Html {
  const v = letterSheetView(letter, t, lang);
  const when = v.appointment;
  const qr = routePath('/svsregistration/AppointmentList/{code}/qrcode.png', { code: letter.uniqueCode });
  return html`<div class="letter" data-testid="appointment-letter">
    <header>
      <p class="institute">${v.institute}</p>
      ${v.headAddress && html`<p class="head-address" data-testid="letter-head-address">${v.headAddress}</p>`}
    </header>
    <h1>${v.heading}</h1>
    ${statusBlock(v.status)}
    <div class="when" data-testid="appointment-when">
      <div class="row">
        <div>${label(v.regNo.label)}<p class="reg-no" data-testid="appointment-id">${v.regNo.value}</p></div>
        <div>${label(v.year.label)}<p class="reg-year">${v.year.value}</p></div>
      </div>
      ${
        when &&
        html`<div>${label(when.date.label)}
            <p class="weekday" data-testid="appointment-weekday">${when.date.weekday}</p>
            <p class="date" data-testid="appointment-date">${when.date.value}</p>
          </div>
          <div>${label(when.shift.label)}<p class="shift" data-testid="appointment-shift">${when.shift.value}</p></div>
          ${when.collectBy && html`<p style="font-weight:600" data-testid="letter-collect-by">${when.collectBy}</p>`}`
      }
    </div>
    ${
      v.qr &&
      html`<figure class="letter-qr">
        <img src="${qr}" alt="${v.qr.alt}" width="140" height="140" data-testid="letter-qr">
        <figcaption data-testid="letter-qr-caption">${v.qr.alt}</figcaption>
      </figure>`
    }
    ${v.billed && html`<div class="billed" role="status" data-testid="appointment-billed">${v.billed}</div>`}
    ${
      v.where &&
      html`<section class="section">
          <h2>${v.where.title}</h2>
          ${v.where.lines.map((line) => html`<p data-testid="${line.testId}">${line.value}</p>`)}
        </section>`
    }
    ${
      v.bring &&
      html`<section class="section">
          <h2>${v.bring.title}</h2>
          <ul>${v.bring.items.map((item) => html`<li>${item}</li>`)}</ul>
        </section>`
    }
    <section class="section">
      <h2>${v.details.title}</h2>
      <dl class="details">${v.details.facts.map((f) => html`<dt>${f.label}</dt><dd>${f.value}</dd>`)}</dl>
    </section>
  </div>`;
}

/** Print and Share by the page's script; the rest is the app's (its dialogs), loaded when pressed. */
function actions(letter: AppointmentRecord, t: Translate): Html {
  return html`<div class="no-print needs-js">
    <div class="actions start">
      <button type="button" class="button filled" data-print>${t('appointment.print')}</button>
      <button type="button" class="button" data-share data-title="${letterShareTitle(letter, t)}"
        data-copied="${t('appointment.copied')}" data-testid="letter-share">${t('appointment.share')}</button>
      <button type="button" class="button" data-app="letter-pdf" data-testid="letter-pdf">${t('appointment.downloadPdf')}</button>
      ${
        letterStatusView(letter).mayCancel &&
        html`<button type="button" class="button danger" data-app="letter-cancel" data-testid="letter-cancel">${t('allocationStatus.cancel')}</button>`
      }
      <button type="button" class="button plain" data-app="letter-my-data" data-testid="letter-my-data">${t('myData.open')}</button>
    </div>
    <p class="note" role="status" data-note data-testid="letter-action-note"></p>
  </div>`;
}

export async function letterPage({ lang, t, pathParameters }: PageRequest): Promise<RenderedPage> {
  const { code } = readPart(LetterCodeParam, pathParameters);
  if (!LETTER_CODE_RE.test(code)) throw letterNotFound();
  const [letter] = (await letterByCode(code)).data;
  return {
    document: pageDocument({
      lang,
      // The document's title names the saved PDF, as in the app.
      title: letterFileName(letter),
      path: routePath('/svs/appointment/{code}', { code: letter.uniqueCode }),
      main: html`<section class="letter-page">${sheet(letter, t, lang)}${actions(letter, t)}</section>`,
    }),
    // The letter's API is not kept by any cache (its address is its secret, the page holds the farmer's details).
    caching: 'private',
  };
}

/**
 * A letter that cannot be opened, as the app's letter page says it: the message, Retry (a form that asks for the
 * same address again, so it works without JavaScript) and the way to find the letter by Aadhaar and mobile.
 */
export function letterRefusal({ req }: Refusal): Html {
  const { t, lang, pathParameters } = req;
  // No space before the message: the alert's text starts with it, as the app's does.
  return html`<div class="error" role="alert" data-testid="letter-error" style="display:flex;flex-wrap:wrap;gap:8px;align-items:center;justify-content:space-between"><span>${t('appointment.loadError')}</span><form method="get" action="${routePath('/svs/appointment/{code}', { code: pathParameters.code ?? '' })}" style="margin:0">${lang === 'en' && html`<input type="hidden" name="lang" value="en">`}<button type="submit" class="button" style="background:transparent;color:#fff;border-color:#fff">${t('appointment.retry')}</button></form></div>
    <p class="small" style="margin-top:16px"><a href="/registration#find">${t('appointment.findLink')}</a></p>`;
}
