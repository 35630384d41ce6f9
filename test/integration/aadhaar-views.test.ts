import { PutCommand } from '@functions/lib/dynamo-commands';
import { beforeAll, describe, expect, it } from 'vitest';
import { docClient, setDocClientForTests } from '@functions/lib/aws';
import type { ApiReply } from '../support/api';
import { useTestApi } from '../support/integration';
import { scanTable } from '../support/table';
import { faulty, named } from '../support/faulty-client';
import { newAadhaar, registerFarmer, validFields, seedFormCrops } from '../fixtures/registration-helpers';

/**
 * Issue 12, item 4: who sees an Aadhaar number in clear. Lists and sellers get XXXX-XXXX-1234 everywhere a
 * registration or a farmer is returned; an admin's GET of the single record gives the number, and each such
 * view leaves exactly one audit-log item (read here from the table itself).
 */
const { api, tokens } = useTestApi('admin', 'super_admin', 'seller');

beforeAll(async () => {
  await seedFormCrops();
});

type AuditItem = Record<string, unknown> & { pk: string; action: string; subjectType: string; subjectId: number };

const auditItems = () =>
  scanTable<AuditItem>({ FilterExpression: 'begins_with(pk, :p)', ExpressionAttributeValues: { ':p': 'AUDIT#' } });

/** The audit items written while `fn` runs. */
async function newAuditItems(fn: () => Promise<unknown>): Promise<AuditItem[]> {
  const before = new Set((await auditItems()).map((i) => `${i.pk}|${String(i.sk)}`));
  await fn();
  return (await auditItems()).filter((i) => !before.has(`${i.pk}|${String(i.sk)}`));
}

const masked = (aadhaar: string) => `XXXX-XXXX-${aadhaar.slice(-4)}`;

/** A producer or farmer made by an admin with this Aadhaar number; the reply does not show the number. Its id. */
async function createdWithAadhaar(path: string, idKey: string, body: { aadhaarNumber: string } & Record<string, unknown>) {
  const r = await api.call('POST', path, { token: tokens.admin, body });
  expect(r.status, r.text).toBe(201);
  expect(r.text).not.toContain(body.aadhaarNumber);
  return r.json[idKey] as number;
}

/** In a list reply, the row `id` shows the last 4 digits and no number, and the reply holds no full number. */
function expectMaskedRow(list: ApiReply, o: { idKey: string; id: number; aadhaar: string }) {
  expect(list.json.find((row: Record<string, unknown>) => row[o.idKey] === o.id)).toMatchObject({
    aadhaarNumber: null,
    aadhaarLast4: o.aadhaar.slice(-4),
  });
  expect(list.text).not.toContain(o.aadhaar);
}

async function newRegistration() {
  const f = validFields();
  const r = await registerFarmer(api, f);
  expect(r.status, r.text).toBe(201);
  return { aadhaar: String(f.adharNumber), id: r.json.data.id as number, year: r.json.data.year as number };
}

describe('registrations', () => {
  it("a seller's list and single view are masked, and leave no audit item", async () => {
    const reg = await newRegistration();
    const written = await newAuditItems(async () => {
      const list = await api.call('GET', '/api/registrations', { token: tokens.seller, query: { id: reg.id } });
      expect(list.status).toBe(200);
      expect(list.json.items[0].adharNumber).toBe(masked(reg.aadhaar));
      expect(list.text).not.toContain(reg.aadhaar);
      const byAadhaar = await api.call('GET', '/api/registrations', {
        token: tokens.seller,
        headers: { 'x-private-query': `aadhaar=${reg.aadhaar}` },
      });
      expect(byAadhaar.json.items.map((i: { id: number }) => i.id)).toEqual([reg.id]);
      expect(byAadhaar.text).not.toContain(reg.aadhaar);
      const one = await api.call('GET', `/api/registrations/${reg.id}`, { token: tokens.seller });
      expect(one.status).toBe(200);
      expect(one.json.adharNumber).toBe(masked(reg.aadhaar));
      expect(one.text).not.toContain(reg.aadhaar);
      const letter = await api.call('GET', `/svsregistration/appointment/by-id/${reg.id}`, { token: tokens.seller });
      expect(letter.json.data[0].adharNumber).toBe(masked(reg.aadhaar));
    });
    expect(written).toEqual([]);
  });

  it("an admin's list is masked; the single view is in clear and writes exactly one audit item per view", async () => {
    const reg = await newRegistration();
    const listWritten = await newAuditItems(async () => {
      const list = await api.call('GET', '/api/registrations', { token: tokens.admin, query: { id: reg.id } });
      expect(list.json.items[0].adharNumber).toBe(masked(reg.aadhaar));
      expect(list.text).not.toContain(reg.aadhaar);
      const letter = await api.call('GET', `/svsregistration/appointment/by-id/${reg.id}`, { token: tokens.admin });
      expect(letter.text).not.toContain(reg.aadhaar);
    });
    expect(listWritten).toEqual([]);

    for (const [token, role] of [
      [tokens.admin, 'admin'],
      [tokens.super_admin, 'super_admin'],
    ] as const) {
      const written = await newAuditItems(async () => {
        const one = await api.call('GET', `/api/registrations/${reg.id}`, { token, query: { year: reg.year } });
        expect(one.status).toBe(200);
        expect(one.json.adharNumber).toBe(reg.aadhaar);
      });
      expect(written, role).toHaveLength(1);
      const [e] = written;
      expect(e).toMatchObject({
        type: 'audit',
        action: 'aadhaar.view',
        subjectType: 'registration',
        subjectId: reg.id,
        subjectYear: reg.year,
        userName: `Test ${role}`,
        roles: [role],
        sourceIp: expect.stringMatching(/127\.0\.0\.1/),
      });
      expect(typeof e.userID).toBe('number');
      expect(Date.now() - Date.parse(String(e.at))).toBeLessThan(10 * 60_000);
      expect(JSON.stringify(e)).not.toContain(reg.aadhaar);
      expect(JSON.stringify(e)).not.toMatch(/\d{12}/);
    }
  });

  it('a link to the Aadhaar scan is audited for every role that gets one', async () => {
    const reg = await newRegistration();
    const written = await newAuditItems(async () => {
      for (const token of [tokens.seller, tokens.admin])
        expect((await api.call('GET', `/api/registrations/${reg.id}/aadhaar-file`, { token })).status).toBe(200);
    });
    expect(written.map((e) => [e.action, e.subjectId])).toEqual([
      ['aadhaar-scan.view', reg.id],
      ['aadhaar-scan.view', reg.id],
    ]);
  });

  it('no audit item, no number: a failed audit write refuses the clear view; a lost answer still leaves one item', async () => {
    const reg = await newRegistration();
    const real = docClient();
    const isAudit = (cmd: { constructor: { name: string }; input: { Item?: { pk?: string } } }) =>
      cmd instanceof PutCommand && String(cmd.input.Item?.pk).startsWith('AUDIT#');
    setDocClientForTests(
      faulty(real, (cmd) => (isAudit(cmd) ? named('ProvisionedThroughputExceededException', { $metadata: {} }) : undefined)),
    );
    let refused;
    try {
      refused = await api.call('GET', `/api/registrations/${reg.id}`, { token: tokens.admin });
    } finally {
      setDocClientForTests(undefined);
    }
    expect(refused.status).toBe(503);
    expect(refused.text).not.toContain(reg.aadhaar);

    let lost = 0;
    const written = await newAuditItems(async () => {
      setDocClientForTests(faulty(real, (cmd) => (isAudit(cmd) && lost++ === 0 ? 'after' : undefined)));
      try {
        const one = await api.call('GET', `/api/registrations/${reg.id}`, { token: tokens.admin });
        expect(one.status).toBe(200);
        expect(one.json.adharNumber).toBe(reg.aadhaar);
      } finally {
        setDocClientForTests(undefined);
      }
    });
    expect(lost).toBeGreaterThan(1);
    expect(written).toHaveLength(1);
  });
});

describe('farmers', () => {
  const farmerAadhaar = newAadhaar(9);
  let farmerID: number;

  beforeAll(async () => {
    farmerID = await createdWithAadhaar('/api/farmers', 'farmerID', {
      name: 'Audit Farmer',
      aadhaarNumber: farmerAadhaar,
      contactNumber: '9415000011',
      village: 'Bithoor',
    });
  });

  it("a seller's list, search and single view are masked, and leave no audit item", async () => {
    const written = await newAuditItems(async () => {
      for (const query of [{}, { search: 'Audit Farmer' }, { search: farmerAadhaar.slice(-4) }]) {
        const list = await api.call('GET', '/api/farmers', { token: tokens.seller, query });
        expectMaskedRow(list, { idKey: 'farmerID', id: farmerID, aadhaar: farmerAadhaar });
      }
      const byNumber = await api.call('GET', '/api/farmers', {
        token: tokens.seller,
        headers: { 'x-private-query': `search=${farmerAadhaar}` },
      });
      expect(byNumber.json.map((f: { farmerID: number }) => f.farmerID)).toEqual([farmerID]);
      expect(byNumber.text).not.toContain(farmerAadhaar);
      const one = await api.call('GET', `/api/farmers/${farmerID}`, { token: tokens.seller });
      expect(one.json).toMatchObject({ aadhaarNumber: null, aadhaarLast4: farmerAadhaar.slice(-4) });
      const lookup = await api.call('GET', '/api/farmers/by-aadhaar', {
        token: tokens.seller,
        headers: { 'x-private-query': `aadhaar=${farmerAadhaar}` },
      });
      expect(lookup.json.farmerID).toBe(farmerID);
      expect(lookup.text).not.toContain(farmerAadhaar);
    });
    expect(written).toEqual([]);
  });

  it("an admin's list, lookup and writes are masked (each write leaves its own entry); the single view is in clear with exactly one audit item per view", async () => {
    const quiet = await newAuditItems(async () => {
      const list = await api.call('GET', '/api/farmers', { token: tokens.admin });
      expect(list.text).not.toContain(farmerAadhaar);
      const lookup = await api.call('GET', '/api/farmers/by-aadhaar', {
        token: tokens.admin,
        headers: { 'x-private-query': `aadhaar=${farmerAadhaar}` },
      });
      expect(lookup.json).toMatchObject({ farmerID, aadhaarNumber: null });
      const edit = await api.call('PUT', `/api/farmers/${farmerID}`, {
        token: tokens.admin,
        body: { name: 'Audit Farmer', aadhaarNumber: farmerAadhaar, village: 'Bithoor' },
      });
      expect(edit.status).toBe(200);
      expect(edit.text).not.toContain(farmerAadhaar);
      for (const path of [`/api/farmers/${farmerID}`, `/api/farmers/${farmerID}/restore`]) {
        const r = await api.call(path.endsWith('restore') ? 'POST' : 'DELETE', path, { token: tokens.admin });
        expect(r.text).not.toContain(farmerAadhaar);
      }
    });
    // The reads leave nothing; each write leaves its own entry (never a view, never the number).
    expect(quiet.map((i) => i.action).sort()).toEqual(['farmer.deactivate', 'farmer.restore', 'farmer.update']);
    expect(JSON.stringify(quiet)).not.toContain(farmerAadhaar);

    for (let view = 0; view < 2; view++) {
      const written = await newAuditItems(async () => {
        const one = await api.call('GET', `/api/farmers/${farmerID}`, { token: tokens.admin });
        expect(one.json.aadhaarNumber).toBe(farmerAadhaar);
      });
      expect(written).toHaveLength(1);
      expect(written[0]).toMatchObject({
        action: 'aadhaar.view',
        subjectType: 'farmer',
        subjectId: farmerID,
        userName: 'Test admin',
        roles: ['admin'],
      });
      expect(written[0]).not.toHaveProperty('subjectYear');
      expect(JSON.stringify(written[0])).not.toContain(farmerAadhaar);
    }
  });
});

describe('producers', () => {
  const producerAadhaar = newAadhaar(6);
  let producerID: number;

  beforeAll(async () => {
    producerID = await createdWithAadhaar('/api/producers', 'producerID', {
      name: 'Audit Producer',
      aadhaarNumber: producerAadhaar,
      contactNumber: '9876543210',
      address: 'Kanpur',
    });
  });

  it("lists, a seller's single view and an admin's writes are masked; reads leave no audit item, each write its own", async () => {
    const quiet = await newAuditItems(async () => {
      for (const token of [tokens.seller, tokens.admin]) {
        const list = await api.call('GET', '/api/producers', { token });
        expectMaskedRow(list, { idKey: 'producerID', id: producerID, aadhaar: producerAadhaar });
      }
      const one = await api.call('GET', `/api/producers/${producerID}`, { token: tokens.seller });
      expect(one.json).toMatchObject({ aadhaarNumber: null, aadhaarLast4: producerAadhaar.slice(-4) });
      const edit = await api.call('PUT', `/api/producers/${producerID}`, {
        token: tokens.admin,
        body: { name: 'Audit Producer', aadhaarNumber: producerAadhaar, contactNumber: '9876543210', address: 'Kanpur Dehat' },
      });
      expect(edit.status, edit.text).toBe(200);
      expect(edit.text).not.toContain(producerAadhaar);
      for (const [method, path] of [
        ['DELETE', `/api/producers/${producerID}`],
        ['POST', `/api/producers/${producerID}/restore`],
      ] as const) {
        const r = await api.call(method, path, { token: tokens.admin });
        expect(r.status, r.text).toBe(200);
        expect(r.text).not.toContain(producerAadhaar);
      }
    });
    // The reads leave nothing; each write leaves its own entry (never a view, never the number).
    expect(quiet.map((i) => i.action).sort()).toEqual(['producer.deactivate', 'producer.restore', 'producer.update']);
    expect(JSON.stringify(quiet)).not.toContain(producerAadhaar);
  });

  it("an admin's single view is in clear with exactly one audit item per view", async () => {
    for (let view = 0; view < 2; view++) {
      const written = await newAuditItems(async () => {
        const one = await api.call('GET', `/api/producers/${producerID}`, { token: tokens.admin });
        expect(one.json.aadhaarNumber).toBe(producerAadhaar);
      });
      expect(written).toHaveLength(1);
      expect(written[0]).toMatchObject({
        action: 'aadhaar.view',
        subjectType: 'producer',
        subjectId: producerID,
        roles: ['admin'],
      });
      expect(JSON.stringify(written[0])).not.toContain(producerAadhaar);
    }
  });
});
