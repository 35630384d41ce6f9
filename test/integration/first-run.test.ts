import { describe, expect, it } from 'vitest';
import { currentYear } from '@shared/schemas/lots';
import { MSG_CLOSED } from '@shared/schemas/registration';
import { dashboardSummary } from '../fixtures/dashboard';
import { requestUploadUrl, testAadhaar, useCrops } from '../fixtures/registration-helpers';
import { useTestApi } from '../support/integration';
import { newRegistration } from '../support/steps';

/**
 * A fresh install (docs/product-rules.md#a-fresh-install-starts-with-registrations-closed-and-a-setup-checklist):
 * registrations start closed, and the admin's dashboard lists what to set up until each step is done.
 */
const { api, tokens } = useTestApi({ fresh: true, streams: true }, 'admin', 'seller', 'super_admin');

const setup = async (token = tokens.admin) => (await dashboardSummary(api, token)).setup;
const settings = async () => (await api.route('GET /api/settings', { token: tokens.admin })).data;
const saveSettings = async (over: Record<string, unknown>) => {
  const r = await api.call('PUT', '/api/settings', { token: tokens.admin, body: { ...(await settings()), ...over } });
  expect(r.status, r.text).toBe(200);
};

describe('a fresh install', () => {
  it('starts with registrations closed: the public switch, the home page, the upload and the form all say so', async () => {
    expect((await api.call('GET', '/api/config/Is_SVS_Form_On')).json).toEqual({
      id: 'Is_SVS_Form_On',
      key: 'Is_SVS_Form_On',
      value: 'false',
    });
    expect((await api.call('GET', '/api/home/summary')).json.registrationOpen).toBe(false);
    expect((await settings()).Is_SVS_Form_On).toBe(false);
    const up = await requestUploadUrl(api, { fileName: 'a.pdf', contentType: 'application/pdf', size: 100 });
    expect(up.status).toBe(403);
    expect(up.json.message).toBe(MSG_CLOSED);
  });

  it("lists every step to do on an admin's dashboard, none on a seller's", async () => {
    const none = { producer: false, crop: false, lot: false, counterAddress: false, registrationsOpen: false };
    expect(await setup()).toEqual(none);
    expect(await setup(tokens.super_admin)).toEqual(none);
    expect(await setup(tokens.seller)).toBeUndefined();
  });

  it('ticks each step as it is done; the built-in counter address does not count as set', async () => {
    const producer = await api.route('POST /api/producers', {
      token: tokens.admin,
      body: { name: 'Institute farm', aadhaarNumber: testAadhaar('41234567890'), contactNumber: '', address: '' },
    });
    expect(producer.status, producer.text).toBe(201);
    expect(await setup()).toMatchObject({ producer: true, crop: false, lot: false });

    const crop = await api.route('POST /api/crops', {
      token: tokens.admin,
      body: { cropName: 'Wheat', cropNameHi: 'गेहूँ', description: '' },
    });
    expect(crop.status).toBe(201);
    useCrops({ Wheat: crop.data.cropID });
    expect(await setup()).toMatchObject({ crop: true, lot: false });

    const lot = await api.route('POST /api/lots', {
      token: tokens.admin,
      body: {
        producerID: producer.data.producerID,
        cropID: crop.data.cropID,
        year: currentYear(),
        quantityAvailable: 1000,
        pricePerUnit: 30,
      },
    });
    expect(lot.status, lot.text).toBe(201);
    expect(await setup()).toMatchObject({ lot: true, counterAddress: false });

    // Saving the Settings page as it came stores the built-in address: still not the institute's own.
    await saveSettings({});
    expect(await setup()).toMatchObject({ counterAddress: false, registrationsOpen: false });
    await saveSettings({ CounterAddress: 'Seed store, Gate 2, Kalyanpur, Kanpur' });
    expect(await setup()).toMatchObject({ counterAddress: true, registrationsOpen: false });

    await saveSettings({ Is_SVS_Form_On: true });
    expect(await setup()).toEqual({ producer: true, crop: true, lot: true, counterAddress: true, registrationsOpen: true });
    const reg = await newRegistration(api, { cropName: 'Wheat', bagsRequested: 1 });
    expect(reg.id).toBeGreaterThan(0);
  });

  it('stays done when registrations are closed at the end of the season, once registrations were made', async () => {
    await api.drainStreams();
    await saveSettings({ Is_SVS_Form_On: false });
    expect((await setup())?.registrationsOpen).toBe(true);
  });
});
