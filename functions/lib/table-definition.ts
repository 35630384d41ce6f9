/**
 * The one DynamoDB table: keys, indexes and TTL attribute. CDK and the local bootstrap both build the
 * table from this definition. Item layouts are in docs/data-model.md.
 */
export const TABLE_DEFINITION = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
  /** New images: the audit archive and the registrations' follow-up (functions/registrations/registration-events.ts). */
  streamViewType: 'NEW_IMAGE',
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
} as const;

export type IndexName = (typeof TABLE_DEFINITION.globalSecondaryIndexes)[number]['indexName'];

/**
 * CreateTable input for DynamoDB Local and tests (on-demand, all attributes strings). `stream: false` leaves
 * the stream off, for test tables whose tests never read what the stream's consumer writes: DynamoDB Local
 * keeps every stream record of every table in one store, and reading it grows slower with its size.
 */
export function createTableInput(tableName: string, o: { stream?: boolean } = {}) {
  const t = TABLE_DEFINITION;
  const attrs = new Set<string>([t.partitionKey, t.sortKey]);
  for (const g of t.globalSecondaryIndexes) {
    attrs.add(g.partitionKey);
    attrs.add(g.sortKey);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    ...(o.stream === false ? {} : { StreamSpecification: { StreamEnabled: true, StreamViewType: t.streamViewType } }),
    AttributeDefinitions: [...attrs].map((name) => ({ AttributeName: name, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: t.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: t.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: t.globalSecondaryIndexes.map((g) => ({
      IndexName: g.indexName,
      KeySchema: [
        { AttributeName: g.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: g.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}
