import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PinpointSMSVoiceV2Client, SendTextMessageCommand } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetSmsSettings, smsSettings } from './settings';
import { resetSmsClient, sendTextMessage } from './sms-client';

/**
 * The sender's SendTextMessage is a signed JSON request of its own (sms-client.ts), not the SDK's client: it must
 * put on the wire what the SDK's client puts there for the same message (operation, protocol, body, signing
 * scope), and read the service's answers and refusals as the sender expects.
 */
interface Seen {
  headers: IncomingHttpHeaders;
  body: unknown;
}
const seen: Seen[] = [];
let answer: { status: number; body: unknown; type?: string } = { status: 200, body: { MessageId: 'm-1' } };
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    seen.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
    res.writeHead(answer.status, {
      'content-type': 'application/x-amz-json-1.0',
      ...(answer.type ? { 'x-amzn-errortype': answer.type } : {}),
    });
    res.end(JSON.stringify(answer.body));
  });
});
const saved = { ...process.env };
let endpoint: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  Object.assign(process.env, { SMS_ENDPOINT: endpoint, AWS_REGION: 'ap-south-1', SMS_ORIGINATION_IDENTITY: 'SEEDIN' });
  resetSmsSettings();
  resetSmsClient();
});
afterAll(async () => {
  process.env = saved;
  resetSmsSettings();
  resetSmsClient();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const message = {
  to: '9876543210',
  body: 'बीज नियुक्ति: 12 दिसंबर',
  templateId: '1107160000000000001',
  outboxKey: 'SMS#r-1#letter',
};

describe('SendTextMessage', () => {
  it('sends what the SDK client sends for the same message, and returns the message id', async () => {
    seen.length = 0;
    answer = { status: 200, body: { MessageId: 'm-ours' } };
    expect(await sendTextMessage(message)).toEqual({ messageId: 'm-ours' });
    const s = smsSettings();
    const sdk = new PinpointSMSVoiceV2Client({
      region: 'ap-south-1',
      endpoint,
      maxAttempts: 1,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await sdk.send(
      new SendTextMessageCommand({
        DestinationPhoneNumber: `+91${message.to}`,
        OriginationIdentity: s.SMS_ORIGINATION_IDENTITY,
        MessageBody: message.body,
        MessageType: 'TRANSACTIONAL',
        ConfigurationSetName: s.SMS_CONFIGURATION_SET,
        DestinationCountryParameters: { IN_ENTITY_ID: s.SMS_ENTITY_ID, IN_TEMPLATE_ID: message.templateId },
        Context: { outbox: message.outboxKey },
      }),
    );
    sdk.destroy();
    const [ours, theirs] = seen;
    expect(ours.body).toEqual(theirs.body);
    for (const h of ['x-amz-target', 'content-type', 'content-length'] as const) expect(ours.headers[h]).toBe(theirs.headers[h]);
    const scope = (h: IncomingHttpHeaders) =>
      /Credential=([^,]+),/.exec(String(h.authorization))?.[1].split('/').slice(1).join('/');
    expect(scope(ours.headers)).toBe(scope(theirs.headers));
    expect(scope(ours.headers)).toMatch(/^\d{8}\/ap-south-1\/sms-voice\/aws4_request$/);
  });

  it.each([
    [400, 'ThrottlingException', true],
    [400, 'ValidationException', false],
    [500, 'InternalServerException', true],
  ])('a %i %s is an error of that name (transient: %s)', async (status, type, transient) => {
    const { isTransient } = await import('../lib/retry');
    answer = { status, type, body: { __type: type, Message: 'refused', message: 'refused' } };
    seen.length = 0;
    const e = await sendTextMessage(message).catch((x: Error) => x);
    expect(e).toBeInstanceOf(Error);
    expect((e as Error).name).toBe(type);
    expect((e as Error).message).toBe('refused');
    expect(isTransient(e)).toBe(transient);
    expect(seen).toHaveLength(1); // one attempt: the sender counts and spaces its own tries
  });

  it('an answer without a message id is an error', async () => {
    answer = { status: 200, body: {} };
    await expect(sendTextMessage(message)).rejects.toThrow(/without a MessageId/);
  });
});
