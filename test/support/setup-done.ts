import { PutCommand } from '@functions/lib/dynamo-commands';
import { docClient, tableName } from '@functions/lib/aws';
import { clearConfigCache } from '@functions/lib/config-store';

/**
 * The state most test files start from: an institute that has finished its first-run setup and opened
 * registrations. A fresh install starts with registrations closed
 * (docs/product-rules.md#a-fresh-install-starts-with-registrations-closed-and-a-setup-checklist); the harnesses
 * (startTestApi, useE2EStack) call this right after seeding unless a file asks for a fresh install
 * (`{ fresh: true }`). Stored as the Settings page would store it, without an audit entry: like the seed, it is
 * no staff member's change.
 */
export async function openRegistrations(): Promise<void> {
  await docClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: { pk: 'CONFIG', sk: 'Is_SVS_Form_On', value: 'true', updatedOn: new Date().toISOString(), updatedBy: 0 },
    }),
  );
  clearConfigCache();
}
