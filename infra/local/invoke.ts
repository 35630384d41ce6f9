import { readFileSync } from 'node:fs';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { matchRoute } from './gateway';
import { handlerFor } from './handlers';

/**
 * Invokes the Lambda handler for one sample event, as Lambda would, against a running `npm start`
 * (its DynamoDB Local and s3rver): `npm run invoke -- events/login.json`.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.TABLE_NAME ??= 'seed-portal';
process.env.DYNAMODB_ENDPOINT ??= `http://127.0.0.1:${process.env.DYNAMODB_PORT ?? 8000}`;
process.env.S3_ENDPOINT ??= `http://127.0.0.1:${process.env.S3_PORT ?? 4569}`;
if (!process.env.JWT_SECRET) {
  try {
    const secrets = JSON.parse(readFileSync(`${process.env.DATA_DIR ?? '.data'}/local-secrets.json`, 'utf8'));
    process.env.JWT_SECRET = secrets.jwtSecret;
    process.env.AADHAAR_KEY ??= secrets.aadhaarKey;
    process.env.FARMER_CODE_KEY ??= secrets.farmerCodeKey;
  } catch {
    console.error('Start the product once with npm start (it creates .data/local-secrets.json), or set JWT_SECRET.');
    process.exit(1);
  }
}

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run invoke -- <event.json>');
  process.exit(1);
}
const event = JSON.parse(readFileSync(file, 'utf8')) as APIGatewayProxyEventV2;
const route = matchRoute(event.requestContext.http.method, event.requestContext.http.path);
if (!route) {
  console.error(`No route in the route table for ${event.requestContext.http.method} ${event.requestContext.http.path}`);
  process.exit(1);
}
const handler = await handlerFor(route.def.area);
const result = await handler({ ...event, pathParameters: { ...route.params, ...event.pathParameters } }, {
  awsRequestId: event.requestContext.requestId,
} as never);
console.log(JSON.stringify(result, null, 2));
