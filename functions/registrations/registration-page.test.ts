import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FORM_FIELDS } from '@shared/registration-form-fields';
import { FORM_PAGE_DATA_ID, type FormPageData } from '@shared/form-page';
import { defaultRulesFor } from '@shared/crop-rules';
import { DEFAULT_PAGES } from '../home/default-pages';
import { renderRegistrationPage, REGISTRATION_PAGE_MARK, type RegistrationPageView } from './registration-page';

/**
 * The first view of /registration as the registrations function draws it (docs/decisions/0042): the form itself,
 * in one language, light enough for a slow phone.
 */
const notice = {
  slug: 'privacy-notice',
  ...DEFAULT_PAGES['privacy-notice'],
  version: 'default+30d',
  grievanceOfficerName: 'श्री राम / Shri Ram',
  grievanceOfficerContact: 'grievance@seed.example.org',
};
const CROPS = [
  { id: 1, name: 'Chickpea', nameHi: 'चना' },
  { id: 2, name: 'Mustard', nameHi: 'सरसों' },
  { id: 3, name: 'Wheat', nameHi: 'गेहूँ' },
];

function view(over: Partial<RegistrationPageView> = {}): RegistrationPageView {
  const data: FormPageData = {
    open: true,
    crops: CROPS.map((c) => ({ ...c, isActive: true, rules: null })),
    notice,
    idempotencyKey: '0f6b2b8e-4d1c-4c1e-9a53-7a1f0f3b2c11',
  };
  return {
    lang: 'hi',
    oneLanguage: true,
    idPrefix: 'form',
    mark: REGISTRATION_PAGE_MARK,
    open: true,
    crops: CROPS.map((c) => ({ ...c, rules: defaultRulesFor(c.name) })),
    notice,
    values: {},
    errors: {},
    idempotencyKey: data.idempotencyKey,
    app: true,
    data,
    ...over,
  };
}

const dataOf = (page: string) =>
  JSON.parse(
    new RegExp(`<script type="application/json" id="${FORM_PAGE_DATA_ID}">(.*?)</script>`).exec(page)![1],
  ) as FormPageData;

describe('the registration form’s page', () => {
  it('is the form, every field in the form’s order, posting multipart to the registration API with its mark', () => {
    const page = renderRegistrationPage(view());
    const form = /<form id="registration-form"[^>]*>([\s\S]*?)<\/form>/.exec(page)!;
    expect(form[0]).toContain('method="post" action="/svsregistration" enctype="multipart/form-data"');
    const shown = [...form[1].matchAll(/<(?:input|select)[^>]*\bname="([^"]+)"/g)]
      .filter((m) => !/type="hidden"/.test(m[0]))
      .map((m) => m[1]);
    expect(shown).toEqual([...FORM_FIELDS]);
    expect(form[1]).toContain(`<input type="hidden" name="via" value="${REGISTRATION_PAGE_MARK}">`);
    expect(form[1]).toContain('<option value="3">गेहूँ</option>');
    // Find my letter, its own form and ids, posting the mobile to the app's route (then a code: decision 0043).
    expect(page).toMatch(/<section class="find" id="find"[^>]*>.*<form method="post" action="\/svsregistration\/find-letter"/);
    expect(page).toContain('id="find-mobile"');
    expect(page).not.toContain('id="find-adharNumber"');
  });

  it('speaks the page’s language alone, as the app does', () => {
    const hindi = renderRegistrationPage(view());
    expect(hindi).toContain('<label for="form-Name">किसान का नाम *</label>');
    expect(hindi).not.toContain('Farmer name');
    const english = renderRegistrationPage(view({ lang: 'en' }));
    expect(english).toContain('<label for="form-Name">Farmer name *</label>');
    expect(english).toContain('<option value="3">Wheat</option>');
    expect(english).not.toContain('किसान का नाम');
  });

  it('loads the app at once and carries its data, which no text can break out of', () => {
    const evil = { ...notice, body: '</script><script>alert(1)</script>', title: '<b>x</b>' };
    const page = renderRegistrationPage(view({ notice: evil, data: { ...view().data!, notice: evil } }));
    expect(page).toContain('<div id="root" data-app-now>');
    expect(page).toContain('<link rel="preload" href="/index.html" as="fetch" crossorigin>');
    expect(page.match(/<script/g)).toHaveLength(2); // the data and the pages' script
    expect(dataOf(page).notice?.body).toBe(evil.body);
    expect(page).not.toContain('<script>alert(1)');
  });

  it('without the app (a refused post’s page) carries neither the data nor any script', () => {
    const page = renderRegistrationPage(
      view({ app: false, data: undefined, alert: 'कृपया फॉर्म सही करें / Please correct the highlighted fields.' }),
    );
    expect(page).not.toMatch(/<script|data-app-now|rel="preload"/);
    expect(page).toContain('<div class="alert" role="alert" id="form-alert"><h2>फ़ॉर्म जमा नहीं हुआ</h2><p>कृपया फॉर्म सही करें</p>');
  });

  it('weighs at most 10 KB gzip with three crops and the built-in notice (measured 8.9)', () => {
    const kb = gzipSync(renderRegistrationPage(view())).length / 1024;
    expect(kb).toBeLessThanOrEqual(10);
  });
});
