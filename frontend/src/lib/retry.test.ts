import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from './api';
import { BASE_DELAY_MS, MAX_DELAY_MS, MAX_RETRIES, retryDelayMs, safeToResend, type RetryNotice } from './retry';

describe('the retry policy', () => {
  it('backs off exponentially with jitter, within each step', () => {
    for (let retry = 1; retry <= MAX_RETRIES; retry++) {
      const step = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (retry - 1));
      expect(
        retryDelayMs(retry, null, () => 0),
        `retry ${retry}`,
      ).toBe(step / 2);
      expect(
        retryDelayMs(retry, null, () => 0.999_999),
        `retry ${retry}`,
      ).toBe(step);
    }
    // Two farmers throttled together come back apart.
    expect(retryDelayMs(2, null, () => 0.1)).not.toBe(retryDelayMs(2, null, () => 0.9));
  });

  it('stops after MAX_RETRIES resends', () => {
    expect(retryDelayMs(MAX_RETRIES + 1, null, () => 0.5)).toBeUndefined();
    expect(retryDelayMs(0, null, () => 0.5)).toBeUndefined();
  });

  it('honours Retry-After in seconds, with a little jitter, and gives up when it asks too long', () => {
    expect(retryDelayMs(1, '3', () => 0)).toBe(3000);
    expect(retryDelayMs(1, '3', () => 0.5)).toBe(3000 + BASE_DELAY_MS / 2);
    // Retry-After beats a shorter backoff step, and a later retry still follows it.
    expect(retryDelayMs(4, '1', () => 0)).toBe(1000);
    expect(retryDelayMs(1, String(MAX_DELAY_MS / 1000 + 1), () => 0)).toBeUndefined();
    // Anything else (a date, a word) counts as absent: the backoff applies.
    expect(retryDelayMs(1, 'Wed, 21 Oct 2026 07:28:05 GMT', () => 0)).toBe(BASE_DELAY_MS / 2);
    expect(retryDelayMs(1, 'soon', () => 0)).toBe(BASE_DELAY_MS / 2);
    expect(retryDelayMs(1, '', () => 0)).toBe(BASE_DELAY_MS / 2);
  });

  it('resends reads and writes with an idempotency key, not other writes', () => {
    expect(safeToResend('GET', {})).toBe(true);
    expect(safeToResend('HEAD', {})).toBe(true);
    expect(safeToResend('POST', { 'idempotency-key': 'k-1' })).toBe(true);
    expect(safeToResend('POST', { 'idempotency-key': '' })).toBe(false);
    expect(safeToResend('POST', {})).toBe(false);
    expect(safeToResend('PUT', { authorization: 'Bearer x' })).toBe(false);
  });
});

describe('the API client resending on 429 and 503', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  /** fetch answering each call with the next of `answers`; the calls it saw. */
  function serve(...answers: Response[]) {
    const seen: RequestInit[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        seen.push(init);
        const next = answers.shift();
        if (!next) throw new Error('no more answers');
        return next;
      }),
    );
    return seen;
  }
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  const submit = (onRetry?: (n: RetryNotice) => void) =>
    call('POST /svsregistration', {
      body: { cropId: 1 } as never,
      headers: { 'idempotency-key': 'same-key' },
      skipAuthRedirect: true,
      onRetry,
    });

  it('a 429 and a 503 then 201: one answer, the same body and key each time, the farmer told before each wait', async () => {
    vi.useFakeTimers();
    const seen = serve(
      answer(429, { message: 'Too Many Requests' }),
      answer(503, { message: 'busy' }, { 'retry-after': '2' }),
      answer(201, { success: true, data: { id: 7 } }),
    );
    const notices: RetryNotice[] = [];
    const reply = submit((n) => notices.push(n));
    await vi.runAllTimersAsync();
    expect(await reply).toEqual({ success: true, data: { id: 7 } });
    expect(seen).toHaveLength(3);
    expect(new Set(seen.map((s) => s.body))).toEqual(new Set([JSON.stringify({ cropId: 1 })]));
    expect(seen.every((s) => (s.headers as Record<string, string>)['idempotency-key'] === 'same-key')).toBe(true);
    expect(notices.map((n) => n.retry)).toEqual([1, 2]);
    expect(notices[1].waitMs).toBeGreaterThanOrEqual(2000);
    expect(notices.every((n) => n.of === MAX_RETRIES)).toBe(true);
  });

  it('gives up after MAX_RETRIES resends with the last answer', async () => {
    vi.useFakeTimers();
    const seen = serve(...Array.from({ length: MAX_RETRIES + 1 }, () => answer(429, { message: 'Too Many Requests' })));
    const reply = submit().catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await reply).toMatchObject({ status: 429 });
    expect(seen).toHaveLength(MAX_RETRIES + 1);
  });

  it('does not resend a write without a key, nor other failures, nor past a long Retry-After', async () => {
    serve(answer(429, { message: 'Too Many Requests' }));
    await expect(
      call('POST /svsregistration/find-letter', { body: { adharNumber: '1', mobile: '2' } as never, skipAuthRedirect: true }),
    ).rejects.toMatchObject({ status: 429 });
    serve(answer(500, { message: 'broken' }));
    await expect(submit()).rejects.toMatchObject({ status: 500 });
    serve(answer(429, { message: 'wait' }, { 'retry-after': '600' }));
    await expect(submit()).rejects.toMatchObject({ status: 429 });
  });

  it('resends a write its caller marks as harmless twice (an upload URL)', async () => {
    vi.useFakeTimers();
    const seen = serve(answer(503, { message: 'busy' }), answer(201, { key: 'k' }));
    const reply = call('POST /svsregistration/upload-url', {
      body: { fileName: 'a.png', contentType: 'image/png', size: 10 },
      skipAuthRedirect: true,
      retry: true,
    });
    await vi.runAllTimersAsync();
    expect(await reply).toEqual({ key: 'k' });
    expect(seen).toHaveLength(2);
  });
});
