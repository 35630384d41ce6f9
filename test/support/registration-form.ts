import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export interface FarmerOnForm {
  name: string;
  fatherName: string;
  aadhaar: string;
  mobile: string;
  village: string;
  block: string;
  subDistrict: string;
  district: string;
  crop: string;
  bags?: string;
  /** The scan to attach. */
  file: string;
}

/**
 * Fills the app's registration form field by field, as a farmer would (category OBC, gender पुरुष), and
 * ticks the consent box. The app's form first: on /registration the page's own form (ids form-…) shows before the
 * app takes it over (docs/decisions/0042). `typeIds`,
 * if given, enters the Aadhaar and mobile numbers in place of a plain fill (a test that types them key by key).
 */
export async function fillRegistrationForm(p: Page, f: FarmerOnForm, typeIds?: () => Promise<void>): Promise<void> {
  await p.getByTestId('registration-submit').waitFor();
  await p.locator('#reg-Name').fill(f.name);
  await p.locator('#reg-fatherName').fill(f.fatherName);
  if (typeIds) await typeIds();
  else {
    await p.locator('#reg-adharNumber').fill(f.aadhaar);
    await p.locator('#reg-mobile').fill(f.mobile);
  }
  await p.locator('#reg-category').selectOption('OBC');
  await p.locator('#reg-gender').selectOption('पुरुष');
  await p.locator('#reg-village').fill(f.village);
  await p.locator('#reg-block').fill(f.block);
  await p.locator('#reg-subDistrict').fill(f.subDistrict);
  await chooseDistrict(p, f.district);
  await p.locator('#reg-cropId').selectOption({ label: f.crop });
  if (f.bags) await p.locator('#reg-bagsRequested').selectOption(f.bags);
  await p.getByTestId('registration-file').setInputFiles(f.file);
  // The consent box under the notice (it arrives just after the form's first paint; a click before the form's
  // state takes it is lost, so it is ticked until it stays ticked).
  const consent = p.locator('#reg-consent');
  await expect
    .poll(async () => {
      if (!(await consent.isChecked())) await consent.click();
      return consent.isChecked();
    })
    .toBe(true);
}

/** Chooses the district (its English name) in the app's district field: typed, then taken from its list. */
export async function chooseDistrict(p: Page, district: string): Promise<void> {
  await p.locator('#reg-district').fill(district);
  // 'लखनऊ (Lucknow)' on a Hindi page, 'Lucknow (लखनऊ)' on an English one.
  const named = new RegExp(`^${district} \\(|\\(${district}\\)$`);
  await p.locator('#reg-district-list [role="option"]').filter({ hasText: named }).first().click();
  await expect.poll(() => p.locator('#reg-district').inputValue()).toContain(district);
}
