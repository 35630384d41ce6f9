import { afterEach } from 'vitest';

/**
 * The requests a test starts, so that the test's end waits for all of them. A test that fails or times out
 * while a burst is still in flight would otherwise leave those requests running into the next test: sales
 * billed under the next test's clock, sign-ins counted against the next test's limits, slots booked in the
 * next test's table state.
 */
export interface StartedWork {
  /** Remembers `work` until it settles, and returns it unchanged. */
  track<T>(work: Promise<T>): Promise<T>;
  /** Promise.all over `works`, tracked; on a rejection it still waits for every other one before rejecting. */
  all<T>(works: readonly Promise<T>[]): Promise<T[]>;
  /** Resolves once everything tracked so far (and anything tracked meanwhile) has settled. */
  settled(): Promise<void>;
}

export function startedWork(): StartedWork {
  const pending = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    pending.add(work);
    work.then(
      () => pending.delete(work),
      () => pending.delete(work),
    );
    return work;
  };
  return {
    track,
    async all(works) {
      for (const w of works) void track(w);
      await Promise.allSettled(works);
      return Promise.all(works);
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled(pending);
    },
  };
}

/**
 * startedWork() whose settling ends every test of the file (passed, failed or timed out) before the next one
 * starts. Hooks that reset shared state (clocks, injected clients) should await `settled()` first themselves:
 * vitest runs a describe's afterEach before the file's.
 */
export function settleAfterEachTest(): StartedWork {
  const work = startedWork();
  afterEach(() => work.settled());
  return work;
}
