import { letterStatusView } from '@shared/allocation-status';
import { cropLabel } from '@shared/crop-names';
import { quantityLabel } from '@shared/crop-rules';
import { districtHindi } from '@shared/districts';
import { LETTER_CODE_RE, type AppointmentRecord } from '@shared/schemas/registration';
import { pageDocument } from '../lib/pages/document';
import { indiaDay, indiaLongDay, routePath } from '../lib/pages/format';
import { html, type Html } from '../lib/pages/html';
import { readPart, type PageRequest, type Refusal, type RenderedPage } from '../lib/pages/serve';
import type { PageLanguage, Translate } from '../lib/pages/texts';
import { LetterCodeParam } from '@shared/schemas/registration';
import { letterByCode, letterNotFound } from './service';

/**
 * The appointment letter at /svs/appointment/{code} (the app's AppointmentLetterPage with its LetterSheet and
 * LetterStatus): where the registration stands, the number, day and shift, where to come and what to bring, the
 * details (Aadhaar and mobile masked as the letter's API masks them) and the letter's QR code; printable on one
 * A4 page. Print and Share work with the page's small script; PDF, cancelling and My data load the app.
 */
const CATEGORIES = new Set(['GEN', 'OBC', 'SC', 'ST']);
const GENDER_KEYS: Record<string, 'male' | 'female'> = { पुरुष: 'male', महिला: 'female' };

function statusBlock(letter: AppointmentRecord, t: Translate, lang: PageLanguage): Html {
  const view = letterStatusView(letter);
  if (view.headline === 'billed') return html``;
  const lines: { id: string; text: string }[] = [];
  if (view.status === 'waitlisted') {
    const position = letter.waitlistPosition ?? '—';
    lines.push(
      {
        id: 'letter-status-line',
        text:
          letter.placesAhead === undefined
            ? t('allocationStatus.positionOnly', { position })
            : letter.placesAhead === 0
              ? t('allocationStatus.positionFirst', { position })
              : t('allocationStatus.position', { position, ahead: letter.placesAhead }),
      },
      { id: 'letter-status-next', text: t('allocationStatus.waitlistedNext') },
    );
  } else if (view.status === 'applied' && letter.drawOn) {
    lines.push({
      id: 'letter-status-line',
      text: t('allocationStatus.appliedDrawOn', { date: indiaLongDay(letter.drawOn, lang) }),
    });
  } else if (view.status !== 'confirmed') {
    lines.push({ id: 'letter-status-line', text: t(`allocationStatus.${view.status}`) });
  }
  if (view.status === 'waitlisted' || view.status === 'applied') {
    lines.push({ id: 'letter-status-come-back', text: t('allocationStatus.comeBack') });
  }
  if (view.status === 'cancelled' && letter.counterAddress) {
    lines.push({ id: 'letter-status-contact', text: t('allocationStatus.cancelledContact', { address: letter.counterAddress }) });
  }
  return html`<div class="status ${view.tone}" role="status" data-testid="letter-status" data-status="${view.status}">
    <p class="headline" data-testid="letter-status-headline">${t(`allocationStatus.headline.${view.headline}`)}</p>
    ${lines.map(
      (line, i) =>
        html`<p class="${i === 0 && view.status === 'waitlisted' ? 'first' : ''}" data-testid="${line.id}">${line.text}</p>`,
    )}
  </div>`;
}

function sheet(letter: AppointmentRecord, t: Translate, lang: PageLanguage): Html {
  const { weekday, date } = indiaDay(letter.appointmentDate || letter.appointmentDateTime?.slice(0, 10), lang);
  const view = letterStatusView(letter);
  const district = lang === 'en' ? letter.district : (districtHindi(letter.district) ?? letter.district);
  const rows: [string, string][] = [
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
    [
      letter.unit === 'bag' ? t('appointment.quantityBags') : t('appointment.quantityKg'),
      letter.quantityOffered === false ? '' : quantityLabel(letter.bagsRequested, letter.unit, lang),
    ],
  ];
  const collectBy =
    letter.expiresOn && view.headline === 'confirmed'
      ? html`<p style="font-weight:600" data-testid="letter-collect-by">${t('allocationStatus.collectBy', { date: indiaLongDay(letter.expiresOn, lang) })}</p>`
      : '';
  const qr = routePath('/svsregistration/AppointmentList/{code}/qrcode.png', { code: letter.uniqueCode });
  return html`<div class="letter" data-testid="appointment-letter">
    <header>
      <p class="institute">${t('home.instituteTitle')}</p>
      ${letter.counterAddress && html`<p class="head-address" data-testid="letter-head-address">${letter.counterAddress}</p>`}
    </header>
    <h1>${t(view.showsAppointment ? 'appointment.heading' : 'appointment.headingRegistration')}</h1>
    ${statusBlock(letter, t, lang)}
    <div class="when" data-testid="appointment-when">
      <div class="row">
        <div><p class="fact-label">${t('appointment.regNo')}</p><p class="reg-no" data-testid="appointment-id">${letter.id}</p></div>
        <div><p class="fact-label">${t('appointment.year')}</p><p class="reg-year">${letter.year}</p></div>
      </div>
      ${
        view.showsAppointment &&
        html`<div>
            <p class="fact-label">${t('appointment.date')}</p>
            <p class="weekday" data-testid="appointment-weekday">${weekday}</p>
            <p class="date" data-testid="appointment-date">${date}</p>
          </div>
          <div>
            <p class="fact-label">${t('appointment.shift')}</p>
            <p class="shift" data-testid="appointment-shift">${letter.appointmentShift}</p>
          </div>
          ${collectBy}`
      }
    </div>
    <figure class="letter-qr">
      <img src="${qr}" alt="${t('appointment.qrAlt')}" width="140" height="140" data-testid="letter-qr">
      <figcaption>${t('appointment.qrAlt')}</figcaption>
    </figure>
    ${letter.isBilled && html`<div class="billed" role="status" data-testid="appointment-billed">${t('appointment.billed', { number: letter.invoiceNumber ?? '—' })}</div>`}
    ${
      view.showsAppointment &&
      html`<section class="section">
          <h2>${t('appointment.whereTitle')}</h2>
          ${letter.counterAddress && html`<p data-testid="appointment-counter-address">${letter.counterAddress}</p>`}
          ${letter.counterHours && html`<p data-testid="appointment-counter-hours">${letter.counterHours}</p>`}
        </section>
        <section class="section">
          <h2>${t('appointment.bringTitle')}</h2>
          <ul><li>${t('appointment.bringAadhaar')}</li><li>${t('appointment.bringLetter')}</li></ul>
        </section>`
    }
    <section class="section">
      <h2>${t('appointment.detailsTitle')}</h2>
      <dl class="details">${rows.map(([k, v]) => html`<dt>${k}</dt><dd>${v || '—'}</dd>`)}</dl>
    </section>
  </div>`;
}

/** Print and Share by the page's script; the rest is the app's (its dialogs), loaded when pressed. */
function actions(letter: AppointmentRecord, t: Translate): Html {
  return html`<div class="no-print needs-js">
    <div class="actions start">
      <button type="button" class="button filled" data-print>${t('appointment.print')}</button>
      <button type="button" class="button" data-share data-title="${`${t('appointment.title')} ${letter.id}/${letter.year}`}"
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
      title: `Appointment-Letter-${letter.year}-${letter.id}`,
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
