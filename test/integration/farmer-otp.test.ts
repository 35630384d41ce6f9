import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { UpdateCommand } from '@functions/lib/dynamo-commands';
import { docClient, tableName } from '@functions/lib/aws';
import { mobileKey } from '@functions/lib/farmer-code-keys';
import { codeKey, CODE_RULES } from '@functions/registrations/farmer-code-store';
import { getRegistration } from '@functions/registrations/registration-entity';
import { resetSmsSettings } from '@functions/notifications/settings';
import { resetSmsClient } from '@functions/notifications/sms-client';
import { startLocalSms, type LocalSms } from '@infra/local/sms';
import { DEFAULT_TEMPLATES } from '@shared/sms-templates';
import { startStreamConsumer, type StreamConsumer } from '@infra/local/streams';
import { notificationsConsumer } from '@functions/notifications/notification-events';
import { newMobile, registerFarmer, seedFormCrops, validFields } from '../fixtures/registration-helpers';
import { useTestApi } from '../support/integration';
import { newRegistration } from '../support/steps';

/**
 * Farmers proven by a one-time code to the registered mobile (docs/decisions/0043-farmer-one-time-codes.md): the
 * code read from the SMS stand-in's inbox opens that mobile's registrations and nothing of another's; a used,
 * expired or wrong code is refused; a burst of wrong codes cannot outrun the tries; the request answers alike for
 * a mobile nobody registered; a registration with another's Aadhaar opens nothing of theirs; a crowd behind one
 * address each gets a code; staff and farmer tokens are not each other's.
 */
const { api, tokens } = useTestApi({ streams: true }, 'admin', 'seller');
let sms: LocalSms;
let sender: StreamConsumer;

beforeAll(async () => {
  sms = await startLocalSms({ port: 0 });
  Object.assign(process.env, {
    SMS_ENDPOINT: sms.endpoint,
    SMS_MAX_PER_SECOND: '1000',
    SMS_MAX_TRIES: '2',
    SMS_BACKOFF_MS: '10',
  });
  resetSmsSettings();
  resetSmsClient();
  // The sender on the table's stream, as npm start runs it (infra/local/stack.ts).
  sender = startStreamConsumer({
    endpoint: inject('dynamoEndpoint'),
    tableName: process.env.TABLE_NAME!,
    intervalMs: 0,
    consumers: [notificationsConsumer()],
  });
  await seedFormCrops();
});

afterAll(async () => {
  await sender?.stop();
  await sms?.stop();
  resetSmsClient();
});

const ask = (mobile: string, purpose = 'find') => api.call('POST', '/svsregistration/otp', { body: { mobile, purpose } });

const OTP_TEMPLATE_IDS = new Set(Object.values(DEFAULT_TEMPLATES.otp).map((t) => t.dltTemplateId));
const codesSeen = new Map<string, Set<string>>();

/** The codes in the stand-in's inbox of the mobile (GET /inbox?to=, as a person reads their phone). */
async function codesOf(mobile: string): Promise<string[]> {
  const r = await fetch(`${sms.endpoint}/inbox?to=${mobile}`);
  const messages = (await r.json()) as { body: string; templateId: string }[];
  return messages.filter((m) => OTP_TEMPLATE_IDS.has(m.templateId)).map((m) => /\b(\d{6})\b/.exec(m.body)![1]);
}

/**
 * The new code the mobile received, once the sender has read the stream (DynamoDB Local shows a record to a
 * stream reader a moment after the write: drained again until it is there, a few times at most); undefined when
 * no new code came.
 */
async function codeIn(mobile: string): Promise<string | undefined> {
  const seen = codesSeen.get(mobile) ?? new Set<string>();
  codesSeen.set(mobile, seen);
  for (let i = 0; i < 5; i++) {
    await sender.drain();
    await sms.settled();
    const fresh = (await codesOf(mobile)).filter((c) => !seen.has(c));
    if (fresh.length) {
      for (const c of fresh) seen.add(c);
      return fresh[0];
    }
  }
  return undefined;
}

async function sessionOf(mobile: string, purpose = 'manage'): Promise<string> {
  expect((await ask(mobile, purpose)).status).toBe(202);
  const code = await codeIn(mobile);
  expect(code).toMatch(/^\d{6}$/);
  const v = await api.call('POST', '/svsregistration/otp/verify', { body: { mobile, otp: code } });
  expect(v.status, v.text).toBe(200);
  return v.json.token as string;
}

/** Moves the mobile's code past its five minutes (the clock is not waited for). */
async function expire(mobile: string) {
  await docClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: codeKey(await mobileKey(mobile)),
      UpdateExpression: 'SET validUntil = :past',
      ExpressionAttributeValues: { ':past': Date.now() - 1000 },
    }),
  );
}

describe('a code from the inbox opens the mobile’s registrations', () => {
  it('My registrations lists that mobile’s and nothing of another mobile’s; cancel and My data follow', async () => {
    const mine = await newRegistration(api);
    const other = await newRegistration(api);
    const token = await sessionOf((await getRegistration(mine.year, mine.id))!.mobileNumber);
    const list = await api.call('GET', '/svsregistration/mine', { token });
    expect(list.status, list.text).toBe(200);
    const ids = list.json.registrations.map((r: { id: number }) => r.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(other.id);
    expect(list.json.registrations[0].letterPath).toBe(`/svs/appointment/${mine.uniqueCode}`);
    // Another mobile's letter answers as an unknown one, whatever the route.
    for (const path of ['cancel', 'my-data']) {
      const r = await api.call('POST', `/svsregistration/${other.uniqueCode}/${path}`, { token, body: {} });
      expect(r.status, `${path}: ${r.text}`).toBe(404);
    }
    const asked = await api.call('POST', `/svsregistration/${other.uniqueCode}/data-requests`, {
      token,
      body: { kind: 'erasure' },
    });
    expect(asked.status).toBe(404);
    expect((await api.call('POST', `/svsregistration/${mine.uniqueCode}/my-data`, { token, body: {} })).status).toBe(200);
    const cancelled = await api.call('POST', `/svsregistration/${mine.uniqueCode}/cancel`, { token, body: {} });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect((await getRegistration(mine.year, mine.id))!.status).toBe('cancelled');
    expect((await getRegistration(other.year, other.id))!.status).not.toBe('cancelled');
    // Without a session: 401.
    expect((await api.call('POST', `/svsregistration/${other.uniqueCode}/cancel`, { body: {} })).status).toBe(401);
    expect((await api.call('GET', '/svsregistration/mine')).status).toBe(401);
  });

  it('find my letter takes the mobile and the code, not the Aadhaar number', async () => {
    const reg = await newRegistration(api);
    const mobile = (await getRegistration(reg.year, reg.id))!.mobileNumber;
    expect((await ask(mobile)).status).toBe(202);
    const otp = await codeIn(mobile);
    const found = await api.call('POST', '/svsregistration/find-letter', { body: { mobile, otp } });
    expect(found.status, found.text).toBe(200);
    expect(found.json.data.letters.map((l: { id: number }) => l.id)).toEqual([reg.id]);
    expect((await api.call('GET', '/svsregistration/mine', { token: found.json.session.token })).status).toBe(200);
    // The code was used by that search.
    expect((await api.call('POST', '/svsregistration/find-letter', { body: { mobile, otp } })).status).toBe(401);
  });
});

describe('codes refused', () => {
  it('a used, an expired and a wrong code are refused', async () => {
    const reg = await newRegistration(api);
    const mobile = (await getRegistration(reg.year, reg.id))!.mobileNumber;
    await ask(mobile);
    const otp = (await codeIn(mobile))!;
    const wrong = otp === '000000' ? '111111' : '000000';
    expect((await api.call('POST', '/svsregistration/otp/verify', { body: { mobile, otp: wrong } })).status).toBe(401);
    expect((await api.call('POST', '/svsregistration/otp/verify', { body: { mobile, otp } })).status).toBe(200);
    const used = await api.call('POST', '/svsregistration/otp/verify', { body: { mobile, otp } });
    expect(used.status).toBe(401);
    expect(used.json.message).toMatch(/already used/);

    await ask(mobile);
    const second = (await codeIn(mobile))!;
    await expire(mobile);
    expect((await api.call('POST', '/svsregistration/otp/verify', { body: { mobile, otp: second } })).status).toBe(401);
  });

  it('20 wrong codes at once are all refused, and the right one too until the wait ends', async () => {
    const reg = await newRegistration(api);
    const mobile = (await getRegistration(reg.year, reg.id))!.mobileNumber;
    await ask(mobile);
    const otp = (await codeIn(mobile))!;
    const wrongs = Array.from({ length: 20 }, (_, i) => String((Number(otp) + 1 + i) % 1_000_000).padStart(6, '0'));
    const replies = await Promise.all(
      wrongs.map((w) => api.call('POST', '/svsregistration/otp/verify', { body: { mobile, otp: w } })),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(CODE_RULES.triesPerCode);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - CODE_RULES.triesPerCode);
    const right = await api.call('POST', '/svsregistration/otp/verify', { body: { mobile, otp } });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(right.json.message).toMatch(/मिनट बाद .* Please ask for a new code in \d+ minutes?/);
    // No new code meanwhile either.
    expect((await ask(mobile)).status).toBe(429);
    // The wait over (the code's five minutes), a new code works.
    await expire(mobile);
    const token = await sessionOf(mobile);
    expect(token).toBeTruthy();
  });

  it('a fourth code within the hour is refused with the minutes to wait, in Hindi and English', async () => {
    const mobile = newMobile();
    for (let i = 0; i < CODE_RULES.codesPerHour; i++) expect((await ask(mobile, 'register')).status).toBe(202);
    const fourth = await ask(mobile, 'register');
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(CODE_RULES.hourSeconds - 120);
    expect(fourth.json.message).toMatch(/कृपया \d+ मिनट बाद नया कोड माँगें .* Please ask for a new code in \d+ minutes/);
  });
});

describe('nothing tells who registered', () => {
  it('the reply for a mobile nobody registered is byte for byte a known one’s, and no SMS goes to it', async () => {
    const reg = await newRegistration(api);
    const known = (await getRegistration(reg.year, reg.id))!.mobileNumber;
    const unknown = newMobile();
    const [a, b] = [await ask(known), await ask(unknown)];
    expect(b.status).toBe(a.status);
    expect(b.text).toBe(a.text);
    for (const h of ['content-type', 'cache-control', 'content-length', 'retry-after'])
      expect(b.headers.get(h), h).toBe(a.headers.get(h));
    expect(await codeIn(known)).toMatch(/^\d{6}$/);
    expect(await codeIn(unknown)).toBeUndefined();
  });
});

describe('the My-data take-over', () => {
  it('registering another’s Aadhaar with one’s own mobile opens nothing of theirs through any path', async () => {
    const victimFields = validFields({ Name: 'सुरेश कुमार वर्मा', cropName: 'Wheat' });
    const v = await registerFarmer(api, victimFields);
    expect(v.status, v.text).toBe(201);
    await api.drainStreams();
    const victim = (await getRegistration(v.json.data.year, v.json.data.id))!;
    expect(victim.farmerID).toBeGreaterThan(0);
    const takerMobile = newMobile();
    const t = await registerFarmer(
      api,
      validFields({ Name: 'रमेश लाल', adharNumber: victimFields.adharNumber, cropName: 'Chickpea', mobile: takerMobile }),
    );
    expect(t.status, t.text).toBe(201);
    await api.drainStreams();

    const token = await sessionOf(takerMobile);
    const list = await api.call('GET', '/svsregistration/mine', { token });
    expect(list.json.registrations.map((r: { id: number }) => r.id)).toEqual([t.json.data.id]);
    const own = await api.call('POST', `/svsregistration/${t.json.data.uniqueCode}/my-data`, { token, body: {} });
    expect(own.status).toBe(200);
    expect(own.json.farmer.farmerID).toBeNull();
    expect(JSON.stringify(own.json)).not.toContain('सुरेश');
    for (const path of ['my-data', 'cancel'])
      expect((await api.call('POST', `/svsregistration/${victim.uniqeCode}/${path}`, { token, body: {} })).status).toBe(404);
    expect(
      (await api.call('POST', '/svsregistration/find-letter', { body: { mobile: takerMobile, otp: '123456' } })).status,
    ).toBe(401);

    // The victim's own session names the farmer record.
    const victimToken = await sessionOf(victim.mobileNumber);
    const theirs = await api.call('POST', `/svsregistration/${victim.uniqeCode}/my-data`, { token: victimToken, body: {} });
    expect(theirs.json.farmer.farmerID).toBe(victim.farmerID);
  });
});

describe('carrier NAT', () => {
  it('200 farmers behind one address each get their code', { timeout: 120_000 }, async () => {
    const mobiles = Array.from({ length: 200 }, () => newMobile());
    const statuses: number[] = [];
    for (let i = 0; i < mobiles.length; i += 20)
      statuses.push(...(await Promise.all(mobiles.slice(i, i + 20).map((m) => ask(m, 'register')))).map((r) => r.status));
    expect(statuses.every((s) => s === 202)).toBe(true);
    const received = await Promise.all(mobiles.map((m) => codeIn(m)));
    expect(received.filter((c) => /^\d{6}$/.test(c ?? ''))).toHaveLength(200);
  });
});

describe('tokens of the other kind', () => {
  it('a staff token is refused on the farmer routes and a farmer token on staff routes', async () => {
    const reg = await newRegistration(api);
    for (const token of [tokens.admin, tokens.seller]) {
      expect((await api.call('GET', '/svsregistration/mine', { token })).status).toBe(401);
      expect((await api.call('POST', `/svsregistration/${reg.uniqueCode}/cancel`, { token, body: {} })).status).toBe(401);
    }
    const mobile = (await getRegistration(reg.year, reg.id))!.mobileNumber;
    const farmer = await sessionOf(mobile);
    expect((await api.call('GET', '/api/registrations', { token: farmer })).status).toBe(401);
    expect((await api.call('GET', '/auth/me', { token: farmer })).status).toBe(401);
    expect((await api.call('GET', `/api/registrations/${reg.id}`, { token: farmer, query: { year: reg.year } })).status).toBe(
      401,
    );
  });
});
