/**
 * Requests of one Lambda instance never overlap (it serves one request at a time), but the local gateway and
 * the tests run every request in one process: there, writers of the same counter take turns for one attempt
 * instead of failing each other's compare-and-set. Across processes the counter's condition decides alone.
 */
const turns = new Map<string, Promise<void>>();

export async function takeTurns<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const before = turns.get(key) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((r) => (release = r));
  const tail = before.then(() => mine);
  turns.set(key, tail);
  await before;
  try {
    return await fn();
  } finally {
    release();
    if (turns.get(key) === tail) turns.delete(key);
  }
}
