import { beforeAll, describe, expect, it } from 'vitest';
import { getFarmer } from '@functions/farmers/farmer-entity';
import { getRegistration } from '@functions/registrations/registration-entity';
import { newMobile, registerFarmer, seedFormCrops, validFields } from '../fixtures/registration-helpers';
import { useTestApi } from '../support/integration';
import { farmerToken } from '../support/tokens';

/**
 * My data and data requests from a letter reach only what that letter's registration holds: knowing a farmer's
 * Aadhaar number and registering it again with one's own mobile opens nothing of that farmer's
 * (docs/product-rules.md, "My data shows the letter's own registration"). A registration whose Aadhaar names a
 * farmer with another mobile is linked only after an admin confirms.
 */
const { api, tokens } = useTestApi({ streams: true }, 'admin', 'seller');

beforeAll(async () => {
  await seedFormCrops();
});

async function register(fields: Record<string, unknown>) {
  const r = await registerFarmer(api, fields);
  expect(r.status, r.text).toBe(201);
  return { year: r.json.data.year as number, id: r.json.data.id as number, code: r.json.data.uniqueCode as string, fields };
}

const VICTIM = { Name: 'सुरेश कुमार वर्मा', fatherName: 'हरि नारायण वर्मा', village: 'मलिहाबाद' };
const TAKER = { Name: 'रमेश लाल', fatherName: 'मोहन लाल', village: 'बख्शी का तालाब' };

async function victimAndTaker() {
  const victim = await register(validFields({ ...VICTIM, cropName: 'Wheat' }));
  await api.drainStreams();
  const linked = (await getRegistration(victim.year, victim.id))!;
  expect(linked.farmerID).toBeGreaterThan(0);
  // The same Aadhaar, another crop, the taker's own mobile.
  const taker = await register(
    validFields({ ...TAKER, adharNumber: victim.fields.adharNumber, cropName: 'Chickpea', mobile: newMobile() }),
  );
  await api.drainStreams();
  return { victim, taker, farmerID: linked.farmerID! };
}

describe('My data belongs to the letter', () => {
  it('a registration made with a known Aadhaar and another mobile opens nothing of the farmer it names', async () => {
    const { victim, taker, farmerID } = await victimAndTaker();
    const stored = (await getRegistration(taker.year, taker.id))!;
    expect(stored.farmerID).toBeUndefined();
    expect(stored).toMatchObject({ farmerLink: 'to-confirm', proposedFarmerID: farmerID });

    const view = await api.call('POST', `/svsregistration/${taker.code}/my-data`, {
      token: await farmerToken(String(taker.fields.mobile)),
      body: {},
    });
    expect(view.status, view.text).toBe(200);
    const text = JSON.stringify(view.json);
    for (const v of Object.values(VICTIM)) expect(text).not.toContain(v);
    expect(text).not.toContain(String(victim.fields.mobile).slice(-4));
    expect(view.json.farmer.farmerID).toBeNull();
    expect(view.json.registrations.map((r: { id: number }) => r.id)).toEqual([taker.id]);
    expect(view.json.bills).toEqual([]);
    // The taker's session opens nothing on the victim's letter, whatever the route (decision 0043).
    for (const path of ['my-data', 'data-requests', 'cancel']) {
      const r = await api.call('POST', `/svsregistration/${victim.code}/${path}`, {
        token: await farmerToken(String(taker.fields.mobile)),
        body: path === 'data-requests' ? { kind: 'erasure' } : {},
      });
      expect(r.status, `${path}: ${r.text}`).toBe(404);
      expect(r.text).not.toContain(VICTIM.Name);
    }

    // Requests filed from it are about it alone: admins see them under no farmer, and an erasure leaves the farmer be.
    const asked = await api.call('POST', `/svsregistration/${taker.code}/data-requests`, {
      token: await farmerToken(String(taker.fields.mobile)),
      body: { kind: 'erasure' },
    });
    expect(asked.status, asked.text).toBe(201);
    expect(asked.json.farmerID).toBeNull();
    const list = await api.call('GET', '/api/data-requests', { token: tokens.admin, query: { status: 'open' } });
    const listed = list.json.items.find((r: { id: string }) => r.id === asked.json.id);
    expect(listed).toMatchObject({ farmerID: null, name: TAKER.Name, registration: { id: taker.id, year: taker.year } });
    const done = await api.call('POST', `/api/data-requests/${asked.json.id}/resolve`, {
      token: tokens.admin,
      body: { outcome: 'done' },
    });
    expect(done.status, done.text).toBe(200);
    expect(done.json.erased).not.toMatch(/farmer record/);
    const farmer = (await getFarmer(farmerID, true))!;
    expect(farmer).toMatchObject({ name: VICTIM.Name, fatherName: VICTIM.fatherName });

    // The victim's own letter still shows the victim's registration.
    const own = await api.call('POST', `/svsregistration/${victim.code}/my-data`, {
      token: await farmerToken(String(victim.fields.mobile)),
      body: {},
    });
    expect(own.json.farmer.name).toBe(VICTIM.Name);
    expect(JSON.stringify(own.json)).not.toContain(TAKER.Name);
  });

  it('a registration of the same Aadhaar and the same mobile links to the farmer on its own', async () => {
    const first = await register(validFields({ cropName: 'Wheat' }));
    await api.drainStreams();
    const again = await register(
      validFields({ adharNumber: first.fields.adharNumber, mobile: first.fields.mobile, cropName: 'Mustard' }),
    );
    await api.drainStreams();
    const [a, b] = await Promise.all([getRegistration(first.year, first.id), getRegistration(again.year, again.id)]);
    expect(b!.farmerID).toBe(a!.farmerID);
    expect(b!.farmerLink).toBeUndefined();
  });

  it('shows "to confirm" in the registrations list; an admin links or declines it, a seller may not', async () => {
    const { taker, farmerID } = await victimAndTaker();
    const list = await api.call('GET', '/api/registrations', { token: tokens.admin, query: { id: String(taker.id) } });
    expect(list.status, list.text).toBe(200);
    const row = list.json.items.find((r: { id: number; year: number }) => r.id === taker.id && r.year === taker.year);
    expect(row).toMatchObject({ farmerLink: 'to-confirm', proposedFarmerID: farmerID, farmerID: null });

    const path = `/api/registrations/${taker.id}/farmer-link`;
    expect((await api.call('POST', path, { token: tokens.seller, body: { year: taker.year, accept: true } })).status).toBe(403);
    for (const body of [{}, { year: taker.year }, { year: taker.year, accept: 'yes' }, { year: 'x', accept: true }]) {
      const bad = await api.call('POST', path, { token: tokens.admin, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    // A burst of the same confirmation links once.
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => api.call('POST', path, { token: tokens.admin, body: { year: taker.year, accept: true } })),
    );
    for (const r of replies) expect(r.status, r.text).toBe(200);
    expect(replies.filter((r) => r.json.outcome === 'linked')).toHaveLength(1);
    expect(replies.every((r) => r.json.farmerID === farmerID)).toBe(true);
    expect((await getRegistration(taker.year, taker.id))!).toMatchObject({ farmerID });

    const other = await victimAndTaker();
    const declined = await api.call('POST', `/api/registrations/${other.taker.id}/farmer-link`, {
      token: tokens.admin,
      body: { year: other.taker.year, accept: false },
    });
    expect(declined.json).toEqual({ outcome: 'declined', farmerID: null });
    await api.drainStreams();
    expect((await getRegistration(other.taker.year, other.taker.id))!).toMatchObject({ farmerLink: 'declined' });
  });
});
