/** Thrown instead of queueing when the runner already has its bound of jobs running and waiting. */
export class RunnerFullError extends Error {
  constructor() {
    super('Too many jobs running and waiting');
    this.name = 'RunnerFullError';
  }
}

export interface BoundedRunner {
  /** Runs the job when a slot is free; throws RunnerFullError at once (without running it) when the queue is full. */
  run<T>(job: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

/**
 * At most `running` jobs at once, at most `waiting` more queued in order; anything beyond is refused
 * synchronously so the caller can answer 429 instead of piling work up. A slot is released however its job ends.
 */
export function boundedRunner(limits: { running: number; waiting: number }): BoundedRunner {
  let active = 0;
  const queue: (() => void)[] = [];

  const release = () => {
    const next = queue.shift();
    if (next) next();
    else active -= 1;
  };

  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (active < limits.running) active += 1;
      else if (queue.length < limits.waiting) await new Promise<void>((resolve) => queue.push(resolve));
      else throw new RunnerFullError();
      // Here this job owns a slot (taken above, or handed over by release()).
      try {
        return await job();
      } finally {
        release();
      }
    },
    get running() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
