import { beforeAll, describe, expect, it } from 'vitest';
import { seedCrop } from '../fixtures/registration-helpers';
import { useTestApi } from '../support/integration';
import { newRegistration, saveConfig } from '../support/steps';

/**
 * What the letter's server page (/svs/appointment/{code}) says of where the registration stands, in Hindi and
 * with ?lang=en in English: waitlisted, confirmed with the last day to collect, applied before and after the day
 * of the draw is announced (docs/product-rules.md#the-letter-shows-where-the-registration-stands). Read as a
 * browser without JavaScript reads it; how the page looks at 360 and 1280 px and on paper stays in
 * test/e2e/allocation.e2e.test.ts.
 */
const { api, tokens } = useTestApi('super_admin');
/** Mustard by its Hindi name, asked for in kg (2 kg by the fixtures): stock for one farmer. */
const CROP = 'सरसों';
const DRAW_DAY = '2027-03-15';

const setConfig = (key: string, value: string) => saveConfig(api, tokens.super_admin, key, value);

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const decoded = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]).trim();

/** The letter's page in a language: its h1 and the text of each element by its test id. */
async function letterPage(code: string, lang?: 'en') {
  const r = await api.call('GET', `/svs/appointment/${code}`, lang ? { query: { lang } } : {});
  expect(r.status, r.text.slice(0, 300)).toBe(200);
  return {
    heading: decoded(/<h1>([^<]*)<\/h1>/.exec(r.text)?.[1] ?? ''),
    status: /data-testid="letter-status" data-status="(\w+)"/.exec(r.text)?.[1],
    text: (id: string) => {
      const m = new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(r.text);
      return m ? decoded(m[1]) : undefined;
    },
  };
}

let confirmed: { uniqueCode: string };
let waitlisted: { uniqueCode: string };
let applied: { uniqueCode: string };

beforeAll(async () => {
  await setConfig('PerDayLimit', '0');
  await seedCrop(CROP, { stockKg: 2 });
  await setConfig('AllocationMode', 'first-come');
  await setConfig('DrawDate', '');
  confirmed = await newRegistration(api, { cropName: CROP });
  waitlisted = await newRegistration(api, { cropName: CROP });
  await setConfig('AllocationMode', 'draw');
  applied = await newRegistration(api, { cropName: CROP });
  await setConfig('AllocationMode', 'first-come');
});

describe('the letter page says where the registration stands', () => {
  it('a waitlisted letter: the number first, the farmer next in line, and how to come back to it (moved from the browser walk)', async () => {
    const hi = await letterPage(waitlisted.uniqueCode);
    expect(hi.status).toBe('waitlisted');
    expect(hi.heading).toBe('बीज खरीद पंजीकरण पत्र');
    expect(hi.text('letter-status-line')).toBe('प्रतीक्षा सूची में क्रमांक 1; आप सबसे आगे हैं');
    expect(hi.text('letter-status-come-back')).toContain('“मेरा पत्र खोजें”');
    const en = await letterPage(waitlisted.uniqueCode, 'en');
    expect(en.heading).toBe('Seed purchase registration letter');
    expect(en.text('letter-status-headline')).toBe('On the waiting list');
    expect(en.text('letter-status-line')).toMatch(/^Waiting list number \d+; you are next in line$/);
    expect(en.text('letter-status-come-back')).toContain('reopen this letter’s link or use “Find my letter” on the website');
    expect(en.text('appointment-date')).toBeUndefined();
  });

  it('a confirmed letter gives the last day to collect the seed, in each language', async () => {
    const hi = await letterPage(confirmed.uniqueCode);
    expect(hi.status).toBe('confirmed');
    expect(hi.text('letter-collect-by')).toContain('तक बीज ले जाएँ');
    const en = await letterPage(confirmed.uniqueCode, 'en');
    expect(en.text('letter-collect-by')).toMatch(/^Collect your seed by .+\d{4}\./);
  });

  it('an applied letter says the draw follows the closing of registrations, then its day once announced, then again not', async () => {
    const before = await letterPage(applied.uniqueCode);
    expect(before.status).toBe('applied');
    expect(before.text('letter-status-line')).toContain('पंजीकरण बंद होने के बाद ड्रॉ');
    expect(before.text('appointment-date')).toBeUndefined();
    await setConfig('DrawDate', DRAW_DAY);
    expect((await letterPage(applied.uniqueCode)).text('letter-status-line')).toContain(
      'ड्रॉ सोमवार, 15 मार्च 2027 को निकाला जाएगा',
    );
    expect((await letterPage(applied.uniqueCode, 'en')).text('letter-status-line')).toContain(
      'The draw is on Monday, 15 March 2027',
    );
    await setConfig('DrawDate', '');
    expect((await letterPage(applied.uniqueCode, 'en')).text('letter-status-line')).toContain(
      'The draw is held after registrations close',
    );
  });
});
