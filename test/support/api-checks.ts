import { expect } from 'vitest';
import type { TestApi } from './api';

/** Checks many integration files make the same way, on any area's routes. */
type Api = Pick<TestApi, 'call'>;

/** POSTs text that is not valid JSON under a JSON content type. */
export const postUnreadableJson = (api: Api, path: string, rawBody: string, token?: string) =>
  api.call('POST', path, { token, rawBody, headers: { 'content-type': 'application/json' } });

/** A refusal: this status and this message. */
export function expectRefusal(r: { status: number; json: any }, status: number, message: string): void {
  expect(r.status).toBe(status);
  expect(r.json.message).toBe(message);
}

/** Each call answers 404 with `message`; a PUT sends `putBody`. */
export async function expectEachNotFound(
  api: Api,
  token: string,
  calls: readonly (readonly [string, string])[],
  message: string,
  putBody?: unknown,
): Promise<void> {
  for (const [method, path] of calls) {
    const r = await api.call(method, path, { token, body: method === 'PUT' ? putBody : undefined });
    expect(r.status, `${method} ${path}`).toBe(404);
    expect(r.json.message).toBe(message);
  }
}

/** Each search of the list at `path` answers 200 with exactly the record `id` (its `idKey` field). */
export async function expectEachSearchFindsOnly(
  api: Api,
  token: string,
  o: { path: string; idKey: string; id: number; searches: string[] },
): Promise<void> {
  for (const search of o.searches) {
    const r = await api.call('GET', o.path, { token, query: { search } });
    expect(r.status, search).toBe(200);
    expect(
      r.json.map((row: Record<string, unknown>) => row[o.idKey]),
      search,
    ).toEqual([o.id]);
  }
}
