import type { DocClient } from '@functions/lib/dynamo-client';

/**
 * DynamoDB Local never raises transaction conflicts, throttling or lost answers. Tests wrap the real document
 * client with `faulty` (and install it with setDocClientForTests) to make chosen commands fail as DynamoDB
 * would: the rule returns an error to throw instead of sending, 'after' to send and then lose the answer
 * (a timeout), or undefined to send as usual. `n` counts the commands seen.
 */
export type FaultRule = (cmd: { constructor: { name: string }; input: any }, n: number) => Error | 'after' | undefined;

export function faulty(real: DocClient, rule: FaultRule): DocClient {
  let n = 0;
  return new Proxy(real, {
    get(target, prop, receiver) {
      if (prop !== 'send') return Reflect.get(target, prop, receiver);
      const send = (target.send as (c: unknown, ...r: unknown[]) => Promise<unknown>).bind(target);
      return async (cmd: any, ...rest: unknown[]) => {
        const verdict = rule(cmd, n++);
        if (verdict === 'after') {
          await send(cmd, ...rest);
          throw Object.assign(new Error('socket timed out (injected)'), { name: 'TimeoutError' });
        }
        if (verdict) throw verdict;
        return send(cmd, ...rest);
      };
    },
  });
}

/** An error as the SDK names it, with extra fields (CancellationReasons, $metadata). */
export const named = (name: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(`${name} (injected)`), { name, ...extra });
