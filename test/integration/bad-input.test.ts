import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROUTES, routeKey, type RouteDef } from '@shared/routes';
import { useTestApi } from '../support/integration';

/**
 * Generated bad input for every route in the table: malformed, oversized, wrong-typed, missing and extra
 * fields, odd Unicode and huge query values. Every answer must be a 2xx or a 4xx with a message; never a
 * 5xx, never a stack trace.
 */
const { api, tokens } = useTestApi('super_admin');

const oddText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom(
    '\u0000',
    '\uFEFF',
    '\u202E',
    '🌾'.repeat(50),
    'गेहूँ',
    '../../etc/passwd',
    '%00',
    '{{7*7}}',
    '<script>x</script>',
    ' ',
  ),
  fc.string({ minLength: 3000, maxLength: 5000 }),
);

const jsonValue = fc.oneof(
  oddText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

const bodyArb = fc.oneof(
  fc.dictionary(fc.string({ maxLength: 15 }), jsonValue, { maxKeys: 8 }).map((o) => ({ json: o })),
  jsonValue.map((v) => ({ json: v })),
  fc.string({ maxLength: 200 }).map((raw) => ({ raw })),
  fc.constant({ raw: '{"a":' }),
  fc.constant({ raw: 'x'.repeat(2 * 1024 * 1024) }),
);

const queryArb = fc.dictionary(
  fc.constantFrom(
    'id',
    'take',
    'skip',
    'search',
    'year',
    'from',
    'to',
    'includeInactive',
    'cropId',
    'producerId',
    'size',
    'download',
    'aadhaar',
    'mobile',
    'x',
  ),
  fc.oneof(oddText, fc.integer().map(String), fc.constant('9'.repeat(400))),
  { maxKeys: 4 },
);

const paramArb = fc.oneof(
  oddText.filter((s) => s.length > 0 && s.length < 300),
  fc.integer().map(String),
  fc.constant('-1'),
  fc.constant('1e309'),
);

function fillPath(path: string, values: string[]): string {
  let i = 0;
  return path.replace(/\{[^}]+\}/g, () => encodeURIComponent(values[i++ % values.length] || 'x'));
}

const allRoutes = ROUTES as readonly RouteDef[];

describe.each(allRoutes)('$method $path', (route) => {
  it('never answers 5xx or leaks internals', async () => {
    await fc.assert(
      fc.asyncProperty(bodyArb, queryArb, fc.array(paramArb, { minLength: 1, maxLength: 3 }), async (body, query, params) => {
        const sendsBody = route.method === 'POST' || route.method === 'PUT';
        const payload = !sendsBody
          ? {}
          : 'raw' in body
            ? { rawBody: body.raw, headers: { 'content-type': 'application/json' } }
            : { body: body.json };
        const reply = await api.call(route.method, fillPath(route.path, params), {
          token: tokens.super_admin,
          query,
          ...payload,
        });
        expect(reply.status, `${routeKey(route)} -> ${reply.status} ${reply.text.slice(0, 300)}`).toBeLessThan(500);
        expect(reply.text).not.toMatch(/\bat .+\.(ts|js):\d+/);
        if (reply.status >= 400 && reply.status !== 404 && reply.headers.get('content-type')?.includes('json')) {
          expect(typeof reply.json?.message).toBe('string');
        }
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
