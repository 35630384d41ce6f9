import { beforeAll, describe, expect, it } from 'vitest';
import { writeAuditEntry, auditEntry } from '@functions/lib/audit-log';
import { kolkataDay } from '@functions/lib/stats';
import { useTestApi } from '../support/integration';

/**
 * GET /api/audit (docs/decisions/0023-records.md, section 2): super_admin only; the window's India days (today by
 * default, at most 31), newest first; filters by actor, action (exact or prefix) and record; skip and take.
 */
const { api, tokens } = useTestApi('super_admin', 'admin', 'seller');

const audit = (query: Record<string, string | number>, token = tokens.super_admin) =>
  api.call('GET', '/api/audit', { token, query });

const caller = (userID: number, name: string) => ({ userID, name, email: '', roles: ['admin'] });

/** Entries written straight to the log on given moments (the log is the same whatever wrote it). */
async function entryOn(
  at: string,
  action: Parameters<typeof auditEntry>[0],
  who = caller(501, 'Meera Devi'),
  id: number | string = 1,
) {
  await writeAuditEntry(
    auditEntry(action, who, '198.51.100.7', { type: action.startsWith('lot.') ? 'lot' : 'crop', id }, {}, new Date(at)),
  );
}

beforeAll(async () => {
  // Three days in March 2026, India time (05:30 ahead of UTC): 20:00Z on the 1st is already the 2nd in India.
  await entryOn('2026-03-01T10:00:00.000Z', 'crop.create', caller(501, 'Meera Devi'), 11);
  await entryOn('2026-03-01T20:00:00.000Z', 'lot.create', caller(502, 'Ravi Kumar'), 21);
  await entryOn('2026-03-02T09:00:00.000Z', 'lot.update', caller(502, 'Ravi Kumar'), 21);
  await entryOn('2026-03-03T09:00:00.000Z', 'crop.update', caller(501, 'Meera Devi'), 11);
  await entryOn('2026-03-03T10:00:00.000Z', 'lot.delete', caller(503, 'Sunita'), 22);
});

describe('GET /api/audit', () => {
  it('gives the window newest first, counted and paged', async () => {
    const r = await audit({ from: '2026-03-01', to: '2026-03-03' });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ from: '2026-03-01', to: '2026-03-03', total: 5, skip: 0, take: 50 });
    expect(r.json.items.map((i: { action: string }) => i.action)).toEqual([
      'lot.delete',
      'crop.update',
      'lot.update',
      'lot.create',
      'crop.create',
    ]);
    const page = await audit({ from: '2026-03-01', to: '2026-03-03', skip: 1, take: 2 });
    expect(page.json.total).toBe(5);
    expect(page.json.items.map((i: { action: string }) => i.action)).toEqual(['crop.update', 'lot.update']);
  });

  it('counts a moment on the India day it fell on', async () => {
    const day2 = await audit({ from: '2026-03-02', to: '2026-03-02' });
    expect(day2.json.items.map((i: { action: string }) => i.action)).toEqual(['lot.update', 'lot.create']);
  });

  it('filters by actor (id or part of a name), action (exact or prefix) and record (type or type:id)', async () => {
    const window = { from: '2026-03-01', to: '2026-03-03' };
    const actions = async (q: Record<string, string>) =>
      (await audit({ ...window, ...q })).json.items.map((i: { action: string }) => i.action);
    expect(await actions({ actor: '502' })).toEqual(['lot.update', 'lot.create']);
    expect(await actions({ actor: 'meera' })).toEqual(['crop.update', 'crop.create']);
    expect(await actions({ action: 'lot.' })).toEqual(['lot.delete', 'lot.update', 'lot.create']);
    expect(await actions({ action: 'lot.update' })).toEqual(['lot.update']);
    expect(await actions({ action: 'lot' })).toEqual([]);
    expect(await actions({ target: 'lot:21' })).toEqual(['lot.update', 'lot.create']);
    expect(await actions({ target: 'crop' })).toEqual(['crop.update', 'crop.create']);
    expect(await actions({ actor: 'ravi', action: 'lot.', target: 'lot:21' })).toEqual(['lot.update', 'lot.create']);
  });

  it('reads today when no window is given, and holds the entries of the writes made today', async () => {
    const made = await api.call('POST', '/api/crops', { token: tokens.admin, body: { cropName: 'Audit api crop' } });
    expect(made.status, made.text).toBe(201);
    const r = await audit({ action: 'crop.create', target: `crop:${made.json.cropID}` });
    expect(r.json).toMatchObject({ from: kolkataDay(), to: kolkataDay(), total: 1 });
    expect(r.json.items[0]).toMatchObject({ subjectType: 'crop', subjectId: made.json.cropID, roles: ['admin'] });
  });

  it('refuses other roles, windows over 31 days or reversed, and bad paging with 4xx', async () => {
    expect((await audit({}, tokens.admin)).status).toBe(403);
    expect((await audit({}, tokens.seller)).status).toBe(403);
    expect((await api.call('GET', '/api/audit')).status).toBe(401);
    const long = await audit({ from: '2026-01-01', to: '2026-02-01' });
    expect(long.status).toBe(400);
    expect(long.json.message).toMatch(/At most 31 days/);
    expect((await audit({ from: '2026-01-01', to: '2026-01-31' })).status).toBe(200);
    expect((await audit({ from: '2026-03-03', to: '2026-03-01' })).status).toBe(400);
    const bad: Record<string, string | number>[] = [
      { from: '03/01/2026' },
      { take: 0 },
      { take: 501 },
      { skip: -1 },
      { skip: 'x' },
    ];
    for (const q of bad) {
      const r = await audit(q);
      expect(r.status, JSON.stringify(q)).toBe(400);
    }
  });

  it('answers 20 reads at once alike', async () => {
    const replies = await Promise.all(Array.from({ length: 20 }, () => audit({ from: '2026-03-01', to: '2026-03-03' })));
    expect(new Set(replies.map((r) => r.status))).toEqual(new Set([200]));
    expect(new Set(replies.map((r) => r.json.total))).toEqual(new Set([5]));
  });
});
