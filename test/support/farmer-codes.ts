import { expect } from 'vitest';
import { docClient, tableName } from '@functions/lib/aws';
import { UpdateCommand } from '@functions/lib/dynamo-commands';
import { codeHash, mobileKey } from '@functions/lib/farmer-code-keys';
import { codeKey } from '@functions/registrations/farmer-code-store';
import { normalizeMobile } from '@shared/typed-numbers';
import type { Locator, Page } from 'playwright-core';
import type { TestApi } from './api';

/**
 * Sets the mobile's current code (asked for already, by the test or by the page under test) to one the test
 * knows: its stored hash is replaced, nothing else. For tests that run no SMS sender; how a code reaches the phone is
 * tested through the SMS stand-in's inbox (test/integration/farmer-otp.test.ts, test/e2e/farmer-otp.e2e.test.ts).
 */
export async function setKnownCode(mobile: string, code = '246810'): Promise<string> {
  const digits = normalizeMobile(mobile);
  await docClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: codeKey(await mobileKey(digits)),
      UpdateExpression: 'SET codeHash = :h',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':h': await codeHash(digits, code) },
    }),
  );
  return code;
}

/** A code for the mobile, asked for through POST /svsregistration/otp as a farmer asks, then set to a known one. */
export async function knownCode(
  api: Pick<TestApi, 'call'>,
  mobile: string,
  purpose: 'find' | 'manage' | 'register' = 'find',
  code = '246810',
): Promise<string> {
  const asked = await api.call('POST', '/svsregistration/otp', { body: { mobile, purpose } });
  expect(asked.status, asked.text).toBe(202);
  return setKnownCode(mobile, code);
}

/**
 * Walks the code step of a screen (frontend/src/components/FarmerCodeForm.tsx, its fields `${idPrefix}-…`) as a
 * farmer does: the mobile, "Send code", then the code, which the test knows by setting it once the page has asked
 * for one (setKnownCode). `code`: what is typed (a wrong one to see the refusal); the known code by default.
 */
export async function enterCode(
  scope: Page | Locator,
  idPrefix: string,
  mobile: string,
  o: { code?: string; askFirst?: boolean } = {},
): Promise<void> {
  const submit = scope.getByTestId(`${idPrefix}-code-submit`);
  if (o.askFirst !== false) {
    await scope.locator(`#${idPrefix}-mobile`).fill(mobile);
    await submit.click();
    await scope.getByTestId(`${idPrefix}-code-sent`).waitFor();
    await setKnownCode(mobile);
  }
  await scope.locator(`#${idPrefix}-otp`).fill(o.code ?? '246810');
  await submit.click();
}
