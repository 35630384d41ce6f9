import { type DrawResultView, drawIndexView, drawResultPath, drawResultView } from '@shared/public-pages/draw';
import { DrawPageQuery, DrawParams } from '@shared/schemas/allocation';
import { getCrops } from '../crops/crop-entity';
import { pageDocument } from '../lib/pages/document';
import { factValue } from '../lib/pages/facts';
import { html, type Html } from '../lib/pages/html';
import { readPart, type PageRequest, type Refusal, type RenderedPage } from '../lib/pages/serve';
import { publishedDraw } from './draw-service';
import { announcedDrawDay, publishedDrawHeads } from './published-draws';

/**
 * The draws' public pages (docs/product-rules.md#the-draws-result-is-a-public-page-linked-from-home), drawn from the
 * views of shared/public-pages/draw.ts: /draw lists the season's published draws, /draw/{cropId}/{year} is one
 * crop's result, where a farmer looks up a registration number (`?number=`, a plain GET form: no script needed).
 * Registration numbers and outcomes only. Public and kept a minute by caches, like the lot's page; a page with a
 * number looked up is the reader's own (the cache key keeps it apart, and it is not kept).
 */

/** The pages' own rules, after the pages' stylesheet (functions/lib/pages/page-css.ts). */
const DRAW_CSS = `
.sp .draw-list{list-style:none;margin:16px 0;padding:0;display:grid;gap:8px}
.sp .draw-list li{background:#fff;border:1px solid #e0e0e0;border-radius:4px;padding:8px 12px}
.sp .draw-list a{font-weight:700;font-size:1.1rem}
.sp .draw-find{background:#fff;border:1px solid #bdbdbd;border-radius:4px;padding:12px;margin:16px 0;display:grid;gap:6px}
.sp .draw-find label{font-weight:600}
.sp .draw-find .row{display:flex;flex-wrap:wrap;gap:8px}
.sp .draw-find input{font:inherit;font-size:1.25rem;padding:6px 8px;border:1px solid #5f5f5f;border-radius:4px;width:9ch;min-height:40px;box-sizing:border-box}
.sp .draw-find .button{min-height:40px}
.sp .nums{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:4px 14px;font-variant-numeric:tabular-nums}
.sp .nums li{min-width:4ch}
.sp mark{background:#f9a825;color:#000;font-weight:700;padding:0 2px}
.sp .waiting th{width:auto}
.sp .waiting td,.sp .waiting th{font-variant-numeric:tabular-nums;padding-right:16px}
.sp .draw-h2{font-size:1.1rem;font-weight:700;margin:20px 0 8px}
.sp .draw-links{display:flex;flex-wrap:wrap;gap:8px 24px;margin-top:20px}
`;

/** GET /draw: the season's published draws, and the day of the next one while announced. */
export async function drawIndexPage({ lang, t }: PageRequest): Promise<RenderedPage> {
  const [heads, drawOn] = await Promise.all([publishedDrawHeads(), announcedDrawDay()]);
  const v = drawIndexView(heads, drawOn, t, lang);
  const main = html`<section class="narrow" data-testid="draw-index">
    <h1 class="big-title">${v.title}</h1>
    <p style="margin-top:8px">${v.intro}</p>
    ${v.drawOn && html`<p class="ok" style="margin-top:16px" data-testid="draw-index-day">${v.drawOn}</p>`}
    ${v.none && html`<p class="muted" style="margin-top:16px" data-testid="draw-index-none">${v.none}</p>`}
    <ul class="draw-list">${v.items.map(
      (i) =>
        html`<li data-testid="draw-index-item"><a href="${i.href}">${i.label}</a><br><span class="small muted">${i.facts}</span></li>`,
    )}</ul>
  </section>`;
  return { document: pageDocument({ lang, title: v.title, path: '/draw', main, css: DRAW_CSS }), caching: 'public' };
}

/** GET /draw/{cropId}/{year}: one crop's result. */
export async function drawResultPage({ lang, t, pathParameters, query }: PageRequest): Promise<RenderedPage> {
  const { cropId, year } = readPart(DrawParams, pathParameters);
  const [draw, crops] = await Promise.all([publishedDraw(cropId, year), getCrops([cropId])]);
  const crop = crops.get(cropId);
  const { page } = readPart(DrawPageQuery, query);
  const v = drawResultView(draw, crop ?? { cropName: `#${cropId}` }, { typed: query.number, page }, t, lang);
  const path = drawResultPath(cropId, year);
  const main = html`<section class="narrow" data-testid="draw-public" data-crop="${cropId}" data-year="${year}">
    <h1 class="big-title">${v.title}</h1>
    <p class="muted" data-testid="draw-drawn-on">${v.drawnOn}</p>
    ${findForm(v, path, lang)}
    <dl class="facts" style="margin-top:16px">${v.facts.map((f) => html`<dt>${f.label}</dt><dd>${factValue(f)}</dd>`)}</dl>
    <p class="small muted" style="margin-top:4px">${v.numberHelp}</p>
    ${v.shares.length > 0 && html`<ul class="small" style="margin:8px 0 0;padding-left:20px">${v.shares.map((s) => html`<li>${s}</li>`)}</ul>`}
    ${lists(v)}
    ${
      v.pages &&
      html`<p class="draw-links no-print" data-testid="draw-pages"><span>${v.pages.text}</span>${
        v.pages.previous && html`<a href="${v.pages.previous.href}" rel="prev">${v.pages.previous.label}</a>`
      }${v.pages.next && html`<a href="${v.pages.next.href}" rel="next">${v.pages.next.label}</a>`}</p>`
    }
    <p class="small" style="margin-top:20px">${v.check.text} <a href="${v.check.dataHref}" data-testid="draw-data">${v.check.dataLabel}</a></p>
    <p class="draw-links no-print"><a href="/registration#find">${v.links.letter}</a><a href="/draw" data-testid="draw-all">${v.links.all}</a></p>
  </section>`;
  return {
    document: pageDocument({ lang, title: v.title, path, keep: { number: query.number }, main, css: DRAW_CSS }),
    caching: 'public',
    ...(v.find.lookup?.kind === 'bad' ? { status: 400 } : {}),
  };
}

const FOUND_CLASS = { selected: 'ok', waiting: 'warn', absent: 'warn', bad: 'warn' } as const;

/** The registration number looked up: a GET form of the page itself (the language kept), then what was found. */
function findForm(v: DrawResultView, path: string, lang: string): Html {
  const f = v.find;
  return html`<form class="draw-find no-print" method="get" action="${path}" data-testid="draw-find">
      <label for="draw-number">${f.label}</label>
      <span class="small muted" id="draw-number-help">${f.help}</span>
      <span class="row">
        <input id="draw-number" name="number" value="${f.value}" inputmode="numeric" autocomplete="off" maxlength="12"
          aria-describedby="draw-number-help${f.lookup ? ' draw-found' : ''}"${f.lookup?.kind === 'bad' ? html` aria-invalid="true"` : ''}>
        ${lang === 'en' && html`<input type="hidden" name="lang" value="en">`}
        <button class="button filled" type="submit">${f.submit}</button>
      </span>
    </form>
    ${f.lookup && html`<p id="draw-found" class="${FOUND_CLASS[f.lookup.kind]}" role="status" data-testid="draw-found" data-found="${f.lookup.kind}">${f.lookup.text}</p>`}`;
}

/**
 * The numbers given a date (ascending) and the waiting list in its order, the number looked up marked; a list with
 * nothing on this page of a long draw (its numbers are on the pages before) is left out.
 */
function lists(v: DrawResultView): Html {
  const found = v.find.lookup?.number;
  const num = (id: number) => (id === found ? html`<mark>${id}</mark>` : html`${id}`);
  const selected = v.selected.numbers.length
    ? html`<ul class="nums" aria-labelledby="draw-selected-title" data-testid="draw-selected">${v.selected.numbers.map((id) => html`<li>${num(id)}</li>`)}</ul>`
    : !v.pages && html`<p class="muted">${v.selected.none}</p>`;
  return html`${selected && html`<h2 class="draw-h2" id="draw-selected-title">${v.selected.title}</h2>${selected}`}
    ${
      v.waiting.rows.length > 0 &&
      html`<h2 class="draw-h2" id="draw-waiting-title">${v.waiting.title}</h2>
      <table class="waiting" aria-labelledby="draw-waiting-title" data-testid="draw-waiting">
        <thead><tr><th scope="col">${v.waiting.positionLabel}</th><th scope="col">${v.waiting.numberLabel}</th></tr></thead>
        <tbody>${v.waiting.rows.map((r) => html`<tr><td>${r.position}</td><td>${num(r.id)}</td></tr>`)}</tbody>
      </table>`
    }`;
}

/** A draw page that cannot be shown: an address that names no draw (400), or a crop and year not drawn (404). */
export const drawRefusal = (r: Refusal) =>
  html`<div class="error" role="alert" data-testid="draw-error">${r.req.t(r.status === 404 ? 'drawPublic.notFoundPage' : 'drawPublic.badAddress')}</div>
    <p style="margin-top:12px"><a href="/draw">${r.req.t('drawPublic.all')}</a></p>`;
