/**
 * Sums of counter measures by group, and the comparison the reconciliation makes with them
 * (docs/deployment.md, "Reconciliation job").
 *
 * A group is what a reader adds up: every shard of one dashboard stat, or every shard of one report combination
 * on one day. The job reads each group twice, before and after it reads the registrations and bills (`before`,
 * `after`), and recomputes it from them (`expected`); `ours` is what the job itself added in between (the
 * registrations it counted late).
 *
 * The race with live events: an event that lands while the job runs changes its counter between the two reads
 * (`after − before ≠ ours`), and the job may or may not have seen the event in the registrations or bills it read;
 * that group is left untouched and reported as left, and the next run, in a quieter moment (the schedule runs at
 * night), corrects it. A group that did not move between the two reads was not written by any event while the
 * registrations and bills were read, so `expected − after` is the group's true error. The difference is written
 * with ADD, never SET: an event landing after the second read adds to the corrected value and is not lost. What
 * remains possible is an event committed just before the first read whose registration the index had not yet
 * shown (an index trails its table by well under a second): the job then corrects by one event too few or too
 * many, and the next run puts it right.
 */
export type Measures = Map<string, number>;

export class Tally {
  readonly groups = new Map<string, Measures>();

  add(group: string, measure: string, n: number): void {
    let m = this.groups.get(group);
    if (!m) this.groups.set(group, (m = new Map()));
    if (n) m.set(measure, (m.get(measure) ?? 0) + n);
  }

  /** Makes the group known (read) even when all its measures are zero. */
  touch(group: string): void {
    if (!this.groups.has(group)) this.groups.set(group, new Map());
  }

  get(group: string, measure: string): number {
    return this.groups.get(group)?.get(measure) ?? 0;
  }
}

export interface GroupDifference {
  group: string;
  measure: string;
  stored: number;
  expected: number;
}

/**
 * The corrections to make (expected − stored, for each measure that differs) and the groups left because an event
 * changed them during the run. Only groups whose keys were read (`readGroups`) are compared: a group the job did
 * not read before it could not tell from a live event.
 */
export function compareTallies(o: {
  measures: readonly string[];
  readGroups: Iterable<string>;
  before: Tally;
  after: Tally;
  expected: Tally;
  ours?: Tally;
}): { differences: GroupDifference[]; left: string[] } {
  const differences: GroupDifference[] = [];
  const left: string[] = [];
  for (const group of new Set(o.readGroups)) {
    const moved = o.measures.some((m) => o.after.get(group, m) - o.before.get(group, m) !== (o.ours?.get(group, m) ?? 0));
    if (moved) {
      left.push(group);
      continue;
    }
    for (const measure of o.measures) {
      const stored = o.after.get(group, measure);
      const expected = o.expected.get(group, measure);
      if (stored !== expected) differences.push({ group, measure, stored, expected });
    }
  }
  return { differences, left };
}
