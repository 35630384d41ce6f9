import type * as Sdk from '@aws-sdk/lib-dynamodb';

/**
 * The document client's commands, with the same names, inputs and outputs as @aws-sdk/lib-dynamodb's, for
 * functions/lib/dynamo-client.ts (docs/decisions/0034-lean-dynamodb-client.md). Only the types come from the
 * SDK; `operation` names the API action, as class names do not survive minifying.
 */
export type {
  BatchGetCommandInput,
  BatchGetCommandOutput,
  BatchWriteCommandInput,
  BatchWriteCommandOutput,
  DeleteCommandInput,
  DeleteCommandOutput,
  GetCommandInput,
  GetCommandOutput,
  PutCommandInput,
  PutCommandOutput,
  QueryCommandInput,
  QueryCommandOutput,
  ScanCommandInput,
  ScanCommandOutput,
  TransactGetCommandInput,
  TransactGetCommandOutput,
  TransactWriteCommandInput,
  TransactWriteCommandOutput,
  UpdateCommandInput,
  UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';

export abstract class DynamoCommand<Input extends object, Output> {
  abstract readonly operation: string;
  /** Never set: carries the output type to DocClient.send. */
  declare readonly __output?: Output;
  constructor(readonly input: Input) {}
}

export class GetCommand extends DynamoCommand<Sdk.GetCommandInput, Sdk.GetCommandOutput> {
  readonly operation = 'GetItem';
}
export class PutCommand extends DynamoCommand<Sdk.PutCommandInput, Sdk.PutCommandOutput> {
  readonly operation = 'PutItem';
}
export class UpdateCommand extends DynamoCommand<Sdk.UpdateCommandInput, Sdk.UpdateCommandOutput> {
  readonly operation = 'UpdateItem';
}
export class DeleteCommand extends DynamoCommand<Sdk.DeleteCommandInput, Sdk.DeleteCommandOutput> {
  readonly operation = 'DeleteItem';
}
export class QueryCommand extends DynamoCommand<Sdk.QueryCommandInput, Sdk.QueryCommandOutput> {
  readonly operation = 'Query';
}
export class ScanCommand extends DynamoCommand<Sdk.ScanCommandInput, Sdk.ScanCommandOutput> {
  readonly operation = 'Scan';
}
export class BatchGetCommand extends DynamoCommand<Sdk.BatchGetCommandInput, Sdk.BatchGetCommandOutput> {
  readonly operation = 'BatchGetItem';
}
export class BatchWriteCommand extends DynamoCommand<Sdk.BatchWriteCommandInput, Sdk.BatchWriteCommandOutput> {
  readonly operation = 'BatchWriteItem';
}
export class TransactWriteCommand extends DynamoCommand<Sdk.TransactWriteCommandInput, Sdk.TransactWriteCommandOutput> {
  readonly operation = 'TransactWriteItems';
}
export class TransactGetCommand extends DynamoCommand<Sdk.TransactGetCommandInput, Sdk.TransactGetCommandOutput> {
  readonly operation = 'TransactGetItems';
}
