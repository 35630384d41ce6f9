import type { Fact } from '@shared/public-pages/words';
import { html, type Html } from './html';

/**
 * The facts of the shared page views (shared/public-pages) in the pages' HTML, as the app's PublicPageParts
 * (frontend/src/components/PublicPageParts.tsx) draws them on its screens.
 */

/** A fact's value: bold, a link, marked with its test id, as the fact says. */
export function factValue(f: Fact): Html {
  if (f.href) return html`<a href="${f.href}" data-testid="${f.testId}">${f.value}</a>`;
  if (f.strong) return html`<strong data-testid="${f.testId}">${f.value}</strong>`;
  return f.testId ? html`<span data-testid="${f.testId}">${f.value}</span>` : html`${f.value}`;
}

/** The facts as the rows of a table: the label in a row header, the value beside it. */
export const factRows = (facts: Fact[]): Html[] =>
  facts.map((f) => html`<tr><th scope="row">${f.label}</th><td>${factValue(f)}</td></tr>`);

/** The QR code of a printed bill or credit note, with its caption. */
export const qrFigure = (src: string, alt: string, caption: string): Html =>
  html`<figure>
        <img src="${src}" alt="${alt}" width="150" height="150">
        <figcaption>${caption}</figcaption>
      </figure>`;
