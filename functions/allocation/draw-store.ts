import { PutCommand, TransactWriteCommand, UpdateCommand } from '../lib/dynamo-commands';
import type { TransactItem } from '../lib/audited-write';
import { docClient, tableName } from '../lib/aws';
import { queryAll } from '../lib/query';
import { cancellationReasons, withRetry } from '../lib/retry';
import { type Applicant, DRAW_ALGORITHM, type DrawResult, drawKey, type ShareOutcome } from './draw';

/**
 * The draw's items (docs/decisions/0022-allocation.md, section 4):
 *   APPLIED#<cropId>#<year> / <id10>  an applicant: {id, grams, category, gender}
 *   DRAW#<cropId>#<year> / DRAW       the draw's record: seed, algorithm, stock, shares, who and when
 *   DRAW#<cropId>#<year> / PART#<n>   the ordered numbers with their outcome, PART_SIZE to a part
 * The record and its parts are written in one transaction whose record put has `attribute_not_exists`:
 * the first draw of a crop and year is the only one, and a refused one leaves no part behind.
 */
const id10 = (id: number) => String(id).padStart(10, '0');
export const applicantKey = (cropId: number, year: number, id: number) => ({ pk: `APPLIED#${cropId}#${year}`, sk: id10(id) });
const drawPk = (cropId: number, year: number) => `DRAW#${cropId}#${year}`;
/** The draw's record (its head: seed, state, who and when; the numbers are in its parts). */
export const drawRecordKey = (cropId: number, year: number) => ({ pk: drawPk(cropId, year), sk: 'DRAW' });

export const PART_SIZE = 5000;
/** TransactWriteItems takes 100 items of 4 MB in all; a part of 5,000 numbers is ≈ 100 KB. */
const MAX_PARTS = 30;

/** An applicant entry, written by a registration in draw mode (in its transaction); also used by the tests. */
export function applicantItem(cropId: number, year: number, a: Required<Pick<Applicant, 'id' | 'grams'>> & Applicant) {
  return {
    ...applicantKey(cropId, year, a.id),
    id: a.id,
    grams: a.grams,
    ...(a.category ? { category: a.category } : {}),
    ...(a.gender ? { gender: a.gender } : {}),
  };
}

export async function putApplicant(cropId: number, year: number, a: Applicant): Promise<void> {
  await withRetry(() => docClient().send(new PutCommand({ TableName: tableName(), Item: applicantItem(cropId, year, a) })));
}

/** Every applicant of the crop and year (one partition, strong reads). */
export async function readApplicants(cropId: number, year: number): Promise<Applicant[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': applicantKey(cropId, year, 0).pk },
    ConsistentRead: true,
  });
  return items.map((i) => ({
    id: Number(i.id),
    grams: Number(i.grams),
    ...(typeof i.category === 'string' ? { category: i.category } : {}),
    ...(typeof i.gender === 'string' ? { gender: i.gender } : {}),
  }));
}

/** What the record keeps per applicant, in draw order; the key, rank and waiting-list position follow from it. */
export interface StoredEntry {
  id: number;
  grams: number;
  outcome: 'confirmed' | 'waitlisted';
  reservedFor?: string;
  shares: string[];
}

/** A draw is fixed once `drawn`; `applying` while its outcome is given to the registrations, then `applied`. */
export type DrawState = 'drawn' | 'applying' | 'applied';

export interface StoredDraw {
  algorithm: typeof DRAW_ALGORITHM;
  seed: string;
  cropId: number;
  year: number;
  stockGrams: number;
  promisedGrams: number;
  shares: ShareOutcome[];
  entries: StoredEntry[];
  drawnOn: string;
  drawnBy: number;
  /** Absent on a draw not yet stored. */
  state?: DrawState;
}

/** One line per entry: `id,grams,c|w,<index of reservedFor or empty>,<indexes of its shares joined by +>`. */
function encodePart(entries: StoredEntry[], shareNames: string[]): string {
  const at = (name: string) => shareNames.indexOf(name);
  return entries
    .map(
      (e) =>
        `${e.id},${e.grams},${e.outcome === 'confirmed' ? 'c' : 'w'},${e.reservedFor ? at(e.reservedFor) : ''},${e.shares.map(at).join('+')}`,
    )
    .join('\n');
}

function decodePart(text: string, shareNames: string[]): StoredEntry[] {
  if (!text) return [];
  return text.split('\n').map((line) => {
    const [id, grams, outcome, reservedFor, shares] = line.split(',');
    return {
      id: Number(id),
      grams: Number(grams),
      outcome: outcome === 'c' ? 'confirmed' : 'waitlisted',
      ...(reservedFor ? { reservedFor: shareNames[Number(reservedFor)] } : {}),
      shares: shares ? shares.split('+').map((i) => shareNames[Number(i)]) : [],
    };
  });
}

export class DrawTooLargeError extends Error {}

/**
 * Fixes the draw's result. False when a draw of the crop and year was already stored (this one is then
 * not stored, and no part of it either).
 */
/** Stores the draw, fixed, with its audit entry (absent only for draws a test stores directly). */
export async function saveDraw(draw: StoredDraw, entry: TransactItem | undefined): Promise<boolean> {
  const pk = drawPk(draw.cropId, draw.year);
  const names = draw.shares.map((s) => s.name);
  const parts: string[] = [];
  for (let i = 0; i < draw.entries.length; i += PART_SIZE) parts.push(encodePart(draw.entries.slice(i, i + PART_SIZE), names));
  if (parts.length > MAX_PARTS) throw new DrawTooLargeError(`At most ${MAX_PARTS * PART_SIZE} applicants can be drawn at once`);
  const { entries: _entries, state: _state, ...head } = draw;
  try {
    await withRetry(() =>
      docClient().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: tableName(),
                Item: { pk, sk: 'DRAW', ...head, count: draw.entries.length, parts: parts.length, state: 'drawn' },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            ...parts.map((text, i) => ({ Put: { TableName: tableName(), Item: { pk, sk: `PART#${i + 1}`, text } } })),
            ...(entry ? [entry] : []),
          ],
        }),
      ),
    );
    return true;
  } catch (e) {
    if (cancellationReasons(e)[0]?.Code === 'ConditionalCheckFailed') return false;
    throw e;
  }
}

/** Marks how far the draw's outcome has been given to the registrations (for GET /api/allocation and a rerun). */
export async function setDrawState(cropId: number, year: number, state: DrawState): Promise<void> {
  await withRetry(() =>
    docClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: drawPk(cropId, year), sk: 'DRAW' },
        UpdateExpression: `SET #state = :state${state === 'applied' ? ', appliedOn = :now' : ''}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':state': state, ...(state === 'applied' ? { ':now': new Date().toISOString() } : {}) },
      }),
    ),
  );
}

/** The stored draw of the crop and year, or undefined when none was run. */
export async function readDraw(cropId: number, year: number): Promise<StoredDraw | undefined> {
  const pk = drawPk(cropId, year);
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk },
    ConsistentRead: true,
  });
  const head = items.find((i) => i.sk === 'DRAW');
  if (!head) return undefined;
  const shares = (head.shares as ShareOutcome[]).map((s) => ({
    name: String(s.name),
    percent: Number(s.percent),
    quotaGrams: Number(s.quotaGrams),
    filledGrams: Number(s.filledGrams),
  }));
  const names = shares.map((s) => s.name);
  const entries = Array.from({ length: Number(head.parts) }, (_, i) => {
    const part = items.find((p) => p.sk === `PART#${i + 1}`);
    if (!part) throw new Error(`Draw ${pk}: part ${i + 1} is missing`);
    return decodePart(String(part.text), names);
  }).flat();
  return {
    algorithm: head.algorithm as typeof DRAW_ALGORITHM,
    seed: String(head.seed),
    cropId: Number(head.cropId),
    year: Number(head.year),
    stockGrams: Number(head.stockGrams),
    promisedGrams: Number(head.promisedGrams),
    shares,
    entries,
    drawnOn: String(head.drawnOn),
    drawnBy: Number(head.drawnBy),
    state: (head.state ?? 'drawn') as DrawState,
  };
}

/** The published form of a stored draw: rank, key and waiting-list position are derived, as the algorithm defines them. */
export function publishedFrom(stored: StoredDraw): Omit<DrawResult, 'entries'> & {
  entries: (DrawResult['entries'][number] & { grams: number; shares: string[] })[];
  drawnOn: string;
} {
  let position = 0;
  const { drawnBy: _drawnBy, state: _state, ...rest } = stored;
  return {
    ...rest,
    entries: stored.entries.map((e, i) => ({
      id: e.id,
      rank: i + 1,
      key: drawKey(stored.seed, stored.cropId, stored.year, e.id),
      outcome: e.outcome,
      ...(e.reservedFor ? { reservedFor: e.reservedFor } : {}),
      ...(e.outcome === 'waitlisted' ? { waitlistPosition: ++position } : {}),
      grams: e.grams,
      shares: e.shares,
    })),
  };
}
