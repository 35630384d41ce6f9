import { describe, expect, it } from 'vitest';
import { boundedRunner, RunnerFullError } from './bounded-concurrency';

/** A job that runs until the test lets it finish (or fail). */
function gate() {
  let open!: () => void;
  let fail!: (e: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { open, fail, job: () => done };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('boundedRunner', () => {
  it('runs at most N jobs at once, queues the next ones in order and refuses the rest without running them', async () => {
    const runner = boundedRunner({ running: 2, waiting: 2 });
    const gates = Array.from({ length: 6 }, gate);
    const started: number[] = [];
    const results = gates.map((g, i) =>
      runner
        .run(() => {
          started.push(i);
          return g.job();
        })
        .then(
          () => 'done',
          (e) => (e instanceof RunnerFullError ? 'refused' : 'failed'),
        ),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(runner.running).toBe(2);
    expect(runner.waiting).toBe(2);
    // The two beyond running + waiting are refused at once, while the others are still running.
    expect(await Promise.race([results[4], tick().then(() => 'pending')])).toBe('refused');
    expect(await results[5]).toBe('refused');

    gates[0].open();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    expect(runner.running).toBe(2);
    for (const g of gates.slice(1, 4)) g.open();
    expect(await Promise.all(results.slice(0, 4))).toEqual(['done', 'done', 'done', 'done']);
    expect(started).toEqual([0, 1, 2, 3]);
    expect(runner.running).toBe(0);
    expect(runner.waiting).toBe(0);
  });

  it('releases the slot of a job that fails or throws, and passes its error on', async () => {
    const runner = boundedRunner({ running: 1, waiting: 0 });
    const g = gate();
    const first = runner.run(g.job);
    await expect(runner.run(async () => 'x')).rejects.toBeInstanceOf(RunnerFullError);
    g.fail(new Error('boom'));
    await expect(first).rejects.toThrow('boom');
    await expect(
      runner.run(() => {
        throw new Error('sync throw');
      }),
    ).rejects.toThrow('sync throw');
    expect(runner.running).toBe(0);
    await expect(runner.run(async () => 'after errors')).resolves.toBe('after errors');
  });

  it('hands a released slot to the waiting job even when the released job failed', async () => {
    const runner = boundedRunner({ running: 1, waiting: 1 });
    const g = gate();
    const first = runner.run(g.job).catch((e: Error) => e.message);
    const second = runner.run(async () => 'second ran');
    await tick();
    expect(runner.waiting).toBe(1);
    g.fail(new Error('first failed'));
    expect(await first).toBe('first failed');
    expect(await second).toBe('second ran');
    expect(runner.running).toBe(0);
  });
});
