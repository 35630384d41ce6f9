/**
 * Runs task(0..n-1) with at most `limit` at a time; results in order. `all` waits for the workers: a test passes
 * its startedWork().all, so that the test's end waits for every task even when one fails.
 */
export async function pool<T>(
  n: number,
  limit: number,
  task: (i: number) => Promise<T>,
  all: (workers: Promise<void>[]) => Promise<unknown> = (workers) => Promise.all(workers),
): Promise<T[]> {
  const out: T[] = Array.from({ length: n });
  let next = 0;
  await all(
    Array.from({ length: Math.min(limit, n) }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}
