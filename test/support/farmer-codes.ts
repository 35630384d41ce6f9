import { expect } from 'vitest';
import { docClient, tableName } from '@functions/lib/aws';
import { UpdateCommand } from '@functions/lib/dynamo-commands';
import { codeHash, mobileKey } from '@functions/lib/farmer-code-keys';
import { codeKey } from '@functions/registrations/farmer-code-store';
import { normalizeMobile } from '@shared/typed-numbers';
import type { TestApi } from './api';

/**
 * A one-time code for the mobile, for tests of what a code opens (find my letter, the plain page, the audit
 * walk) that run no SMS sender: the code is asked for through POST /svsregistration/otp as a farmer asks, then its
 * stored hash is set to that of a code the test knows. How a code reaches the phone is tested through the SMS
 * stand-in's inbox (test/integration/farmer-otp.test.ts, the browser test farmer-otp.e2e.test.ts).
 */
export async function knownCode(
  api: Pick<TestApi, 'call'>,
  mobile: string,
  purpose: 'find' | 'manage' | 'register' = 'find',
  code = '246810',
): Promise<string> {
  const asked = await api.call('POST', '/svsregistration/otp', { body: { mobile, purpose } });
  expect(asked.status, asked.text).toBe(202);
  const digits = normalizeMobile(mobile);
  await docClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: codeKey(await mobileKey(digits)),
      UpdateExpression: 'SET codeHash = :h',
      ExpressionAttributeValues: { ':h': await codeHash(digits, code) },
    }),
  );
  return code;
}
