import { beforeAll, describe, expect, it } from 'vitest';
import { clearConfigCache } from '@functions/lib/config-store';
import { clearAppointmentSettingsCache, forgetFullShifts } from '@functions/allocation/appointments';
import { useTestApi } from '../support/integration';
import { seedCrop } from '../fixtures/registration-helpers';
import { newRegistration, saveConfig } from '../support/steps';

/**
 * The day of the draw on the letter (docs/product-rules.md, "An applied letter says the day of the draw"):
 * the setting DrawDate reaches the letter reply as `drawOn` only while the registration is applied and only
 * once the day is set.
 */
const { api, tokens } = useTestApi('super_admin');
/** Mustard by its Hindi name: a crop of its own for this file, asked for in kg. */
const CROP = 'सरसों';

const setConfig = (key: string, value: string) => saveConfig(api, tokens.super_admin, key, value);

async function letterOf(code: string) {
  const r = await api.call('GET', `/svsregistration/AppointmentList/${code}`);
  expect(r.status, r.text).toBe(200);
  return r.json.data[0] as Record<string, unknown>;
}

async function registered(cropName: string) {
  const data = await newRegistration(api, { cropName });
  return data as { id: number; uniqueCode: string; status: string };
}

beforeAll(async () => {
  await setConfig('PerDayLimit', '0');
  clearAppointmentSettingsCache();
  forgetFullShifts();
});

describe('the day of the draw on the letter', () => {
  it('is given as drawOn to an applied letter only once DrawDate is set, and to no confirmed or waitlisted letter', async () => {
    // Mustard's rules (kg), 2 kg each (the fixtures' request): stock for one farmer.
    await seedCrop(CROP, { stockKg: 2 });
    await setConfig('AllocationMode', 'first-come');
    const confirmed = await registered(CROP);
    const waitlisted = await registered(CROP);
    expect([confirmed.status, waitlisted.status]).toEqual(['confirmed', 'waitlisted']);

    await setConfig('AllocationMode', 'draw');
    const applied = await registered(CROP);
    expect(applied.status).toBe('applied');

    // Not announced: the letter has no day of the draw.
    await setConfig('DrawDate', '');
    const before = await letterOf(applied.uniqueCode);
    expect(before.status).toBe('applied');
    expect(before).not.toHaveProperty('drawOn');

    await setConfig('DrawDate', '2027-03-15');
    expect(await letterOf(applied.uniqueCode)).toMatchObject({ status: 'applied', drawOn: '2027-03-15' });
    const staffView = await api.call('GET', `/svsregistration/appointment/by-id/${applied.id}`, { token: tokens.super_admin });
    expect(staffView.status, staffView.text).toBe(200);
    expect(staffView.json.data[0]).toMatchObject({ status: 'applied', drawOn: '2027-03-15' });
    for (const other of [confirmed, waitlisted]) expect(await letterOf(other.uniqueCode)).not.toHaveProperty('drawOn');

    // The setting emptied (a setting the product reads cannot be deleted): not announced again.
    await setConfig('DrawDate', '');
    clearConfigCache();
    expect(await letterOf(applied.uniqueCode)).not.toHaveProperty('drawOn');
    await setConfig('AllocationMode', 'first-come');
  });

  it('refuses a DrawDate that is not a real day, in both the key and the Settings form, and keeps the stored one', async () => {
    await setConfig('DrawDate', '2027-03-15');
    for (const value of ['2027-02-30', '15-03-2027', 'next week']) {
      const r = await api.call('POST', '/api/config', { token: tokens.super_admin, body: { key: 'DrawDate', value } });
      expect(r.status, value).toBe(400);
      expect(r.json.message).toContain('Not a date');
    }
    const before = await api.call('GET', '/api/settings', { token: tokens.super_admin });
    expect(before.json.DrawDate).toBe('2027-03-15');
    const bad = await api.call('PUT', '/api/settings', {
      token: tokens.super_admin,
      body: { ...before.json, DrawDate: '2027-02-30' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fields.DrawDate).toBeTruthy();
    const notText = await api.call('PUT', '/api/settings', {
      token: tokens.super_admin,
      body: { ...before.json, DrawDate: 20270315 },
    });
    expect(notText.status).toBe(400);
    expect((await api.call('GET', '/api/settings', { token: tokens.super_admin })).json).toEqual(before.json);

    const cleared = await api.call('PUT', '/api/settings', { token: tokens.super_admin, body: { ...before.json, DrawDate: '' } });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.json.DrawDate).toBe('');
    // A page that does not know the setting leaves it as it was.
    await setConfig('DrawDate', '2027-04-01');
    const { DrawDate: _left, ...withoutIt } = before.json;
    const kept = await api.call('PUT', '/api/settings', { token: tokens.super_admin, body: withoutIt });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.json.DrawDate).toBe('2027-04-01');
  });
});
