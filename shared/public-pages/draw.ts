import { cropLabel } from '../crop-names';
import { indiaLongDay } from '../india-day';
import { kolkataDate } from '../india-time';
import type { DrawReply } from '../schemas/replies/allocation';
import { westernDigits } from '../typed-numbers';
import { type Fact, kg, type PageLanguage, routePath, type Translate } from './words';

/**
 * The public pages of the draws (docs/product-rules.md#the-draws-result-is-a-public-page-linked-from-home): the
 * season's published draws (/draw) and one crop's result (/draw/{cropId}/{year}). A farmer finds their own result
 * by the registration number printed on the letter: the page lists the numbers given a date and the waiting list in
 * its order, and nothing else of anyone (no name, mobile, Aadhaar, category or gender; the shares each number
 * counted for stay in the draw's data for checking). Drawn only by the allocation function (no screen of the app).
 */

/** A crop as the pages name it. */
export interface DrawCrop {
  cropName: string;
  cropNameHi?: string;
}

/** A draw of the season as the list of draws shows it (the draw's head, without its numbers). */
export interface PublishedDrawHead extends DrawCrop {
  cropId: number;
  year: number;
  drawnOn: string;
  applicants: number;
}

const drawDay = (iso: string, lang: PageLanguage) => indiaLongDay(kolkataDate(new Date(iso)), lang);

/** The address of a crop's result, with a registration number looked up when given. */
export const drawResultPath = (cropId: number, year: number, number?: string) =>
  routePath('/draw/{cropId}/{year}', { cropId: String(cropId), year: String(year) }, { number });

export interface DrawIndexView {
  title: string;
  intro: string;
  /** The day of the next draw (DrawDate), while one is announced. */
  drawOn?: string;
  none?: string;
  items: { href: string; label: string; facts: string }[];
}

export function drawIndexView(heads: PublishedDrawHead[], drawOn: string, t: Translate, lang: PageLanguage): DrawIndexView {
  return {
    title: t('drawPublic.indexTitle'),
    intro: t('drawPublic.indexIntro'),
    ...(drawOn ? { drawOn: t('drawPublic.drawOn', { date: indiaLongDay(drawOn, lang) }) } : {}),
    ...(heads.length ? {} : { none: t('drawPublic.none') }),
    items: heads.map((h) => ({
      href: drawResultPath(h.cropId, h.year),
      label: t('drawPublic.item', { crop: cropLabel(h, lang), year: h.year }),
      facts: t('drawPublic.itemFacts', { date: drawDay(h.drawnOn, lang), count: h.applicants }),
    })),
  };
}

/** What a typed registration number reads as: its number, or 'bad' (Hindi digits and spaces are taken). */
export function readRegistrationNumber(typed: string): number | 'bad' {
  const digits = westernDigits(typed).replace(/\s+/g, '');
  return /^\d{1,10}$/.test(digits) && Number(digits) > 0 ? Number(digits) : 'bad';
}

/** A number looked up: what it is in the draw (`number` as read, when it is one). */
export type DrawLookup = { kind: 'selected' | 'waiting' | 'absent' | 'bad'; text: string; number?: number };

/**
 * Numbers of each list on one page: a crop's draw may have tens of thousands of applicants, and a phone on a slow
 * network should not download them all to find one (the look-up above the lists finds any number, on any page).
 */
export const DRAW_LIST_PAGE = 2000;

export interface DrawResultView {
  title: string;
  drawnOn: string;
  facts: Fact[];
  numberHelp: string;
  /** Each reserved share, in plain words (filled first). */
  shares: string[];
  find: { label: string; help: string; submit: string; value: string; lookup?: DrawLookup };
  selected: { title: string; numbers: number[]; none: string };
  waiting: { title: string; positionLabel: string; numberLabel: string; rows: { position: number; id: number }[] };
  check: { text: string; dataLabel: string; dataHref: string };
  links: { letter: string; all: string };
  /** Present when the lists take more than one page: this page's place and the links to the others. */
  pages?: { text: string; previous?: { href: string; label: string }; next?: { href: string; label: string } };
}

/**
 * A crop's result: when it was drawn, how many applied, were given a date and wait, the published number the order
 * came from; a registration number looked up (`typed`, as the farmer typed it); the numbers given a date (ascending,
 * to be found by eye) and the waiting list in its order.
 */
export function drawResultView(
  draw: DrawReply,
  crop: DrawCrop,
  ask: { typed?: string; page?: number },
  t: Translate,
  lang: PageLanguage,
): DrawResultView {
  const typed = ask.typed;
  const selected = draw.entries.filter((e) => e.outcome === 'confirmed').map((e) => e.id);
  selected.sort((a, b) => a - b);
  const waiting = draw.entries
    .filter((e) => e.outcome === 'waitlisted')
    .map((e) => ({ position: e.waitlistPosition ?? 0, id: e.id }))
    .sort((a, b) => a.position - b.position);
  const cropName = cropLabel(crop, lang);
  const pageCount = Math.max(1, Math.ceil(Math.max(selected.length, waiting.length) / DRAW_LIST_PAGE));
  const page = Math.min(Math.max(1, ask.page ?? 1), pageCount);
  const from = (page - 1) * DRAW_LIST_PAGE;
  const pageHref = (n: number) =>
    routePath(
      '/draw/{cropId}/{year}',
      { cropId: String(draw.cropId), year: String(draw.year) },
      {
        page: n > 1 ? n : undefined,
        lang: lang === 'en' ? 'en' : undefined,
      },
    );
  const facts: Fact[] = [
    { label: t('drawPublic.applicants'), value: String(draw.entries.length), testId: 'draw-applicants' },
    { label: t('drawPublic.selected'), value: String(selected.length), testId: 'draw-selected-count', strong: true },
    { label: t('drawPublic.waiting'), value: String(waiting.length), testId: 'draw-waiting-count' },
    { label: t('drawPublic.number'), value: draw.seed, testId: 'draw-number', strong: true },
    { label: t('drawPublic.stock'), value: t('drawPublic.kg', { value: kg(draw.stockGrams / 1000) }) },
  ];
  return {
    title: t('drawPublic.title', { crop: cropName, year: draw.year }),
    drawnOn: t('drawPublic.drawnOn', { date: drawDay(draw.drawnOn, lang) }),
    facts,
    numberHelp: t('drawPublic.numberHelp'),
    shares: draw.shares.map((s) => t('drawPublic.shareLine', { name: s.name, percent: s.percent })),
    find: {
      label: t('drawPublic.findLabel'),
      help: t('drawPublic.findHelp'),
      submit: t('drawPublic.findSubmit'),
      value: typed?.trim() ?? '',
      ...(typed === undefined || !typed.trim() ? {} : { lookup: lookup(draw, typed, t) }),
    },
    selected: {
      title: t('drawPublic.selectedTitle', { count: selected.length }),
      numbers: selected.slice(from, from + DRAW_LIST_PAGE),
      none: t('drawPublic.noneSelected'),
    },
    waiting: {
      title: t('drawPublic.waitingTitle', { count: waiting.length }),
      positionLabel: t('drawPublic.waitingNo'),
      numberLabel: t('drawPublic.regNo'),
      rows: waiting.slice(from, from + DRAW_LIST_PAGE),
    },
    check: {
      text: t('drawPublic.check', { method: draw.algorithm }),
      dataLabel: t('drawPublic.data'),
      dataHref: routePath('/api/allocation/draw/{cropId}/{year}', { cropId: String(draw.cropId), year: String(draw.year) }),
    },
    links: { letter: t('drawPublic.letter'), all: t('drawPublic.all') },
    ...(pageCount > 1
      ? {
          pages: {
            text: t('drawPublic.pageOf', { page, pages: pageCount }),
            ...(page > 1 ? { previous: { href: pageHref(page - 1), label: t('drawPublic.previous') } } : {}),
            ...(page < pageCount ? { next: { href: pageHref(page + 1), label: t('drawPublic.next') } } : {}),
          },
        }
      : {}),
  };
}

function lookup(draw: DrawReply, typed: string, t: Translate): DrawLookup {
  const number = readRegistrationNumber(typed);
  if (number === 'bad') return { kind: 'bad', text: t('drawPublic.badNumber') };
  const entry = draw.entries.find((e) => e.id === number);
  if (!entry) return { kind: 'absent', text: t('drawPublic.notFound', { number }), number };
  if (entry.outcome === 'confirmed') return { kind: 'selected', text: t('drawPublic.foundSelected', { number }), number };
  return { kind: 'waiting', text: t('drawPublic.foundWaiting', { number, position: entry.waitlistPosition ?? '—' }), number };
}
