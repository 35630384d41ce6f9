import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { countParts } from '@shared/sms-templates';

/**
 * The stand-in for AWS End User Messaging SMS (there is no local build of it): it answers `SendTextMessage` as
 * the service does (AWS JSON 1.0 protocol, `X-Amz-Target: PinpointSMSVoiceV2.SendTextMessage`), so the
 * functions' signed request (functions/notifications/sms-client.ts, which sends what the SDK's client sends) and the
 * SDK's client alike reach it with an endpoint override (SMS_ENDPOINT). It never checks a signature
 * and is never deployed. It keeps every message and answers `GET /inbox?to=<10-digit mobile>` on its own port
 * (a local test tool, not a route of the product) with that number's messages, newest first. After each message
 * it emits a delivery event as the configuration set's event destination does in the cloud (the v2 SMS event
 * JSON, handed to `onEvent`): delivered, or for a share of them (`failShare`) refused by the carrier.
 *
 * Faults for tests: `throttleNext(n)` answers the next n sends ThrottlingException; `failAlways(mobile)` answers
 * every send to that number an internal error (a transient fault that never clears).
 */
export interface SentSms {
  to: string;
  body: string;
  templateId: string;
  entityId: string;
  senderId: string;
  messageId: string;
  at: string;
  /** The send's Context map (the outbox item's key rides in it). */
  context: Record<string, string>;
  configurationSet: string;
  messageType: string;
}

/** The SMS event an event destination delivers (the fields the product reads, as AWS names them). */
export interface SmsEvent {
  eventType: string;
  eventVersion: '1.0';
  eventTimestamp: number;
  isFinal: boolean;
  originationPhoneNumber: string;
  destinationPhoneNumber: string;
  isoCountryCode: string;
  messageId: string;
  messageRequestTimestamp: number;
  messageEncoding: string;
  messageType: string;
  messageStatus: string;
  messageStatusDescription: string;
  totalMessageParts: number;
  context: Record<string, string>;
}

export interface LocalSms {
  endpoint: string;
  port: number;
  /** Every message kept, oldest first. */
  messages(): readonly SentSms[];
  /** When each SendTextMessage call arrived (ms), whatever it was answered. */
  calls(): readonly number[];
  throttleNext(n: number): void;
  failAlways(mobile: string): void;
  /** Waits for the delivery events emitted so far to be handled. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

export interface LocalSmsOptions {
  port: number;
  host?: string;
  /** Share of messages whose delivery event says the carrier refused them (0..1, default 0). */
  failShare?: number;
  /** Where the delivery events go (locally: the same handler the cloud's event destination feeds). */
  onEvent?: (event: SmsEvent) => Promise<void>;
}

const TARGET = 'PinpointSMSVoiceV2.SendTextMessage';

function reply(res: http.ServerResponse, status: number, body: unknown, errorType?: string) {
  res.writeHead(status, {
    'content-type': 'application/x-amz-json-1.0',
    'x-amzn-requestid': randomUUID(),
    ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
  });
  res.end(JSON.stringify(body));
}

const fault = (res: http.ServerResponse, status: number, type: string, message: string) =>
  reply(res, status, { __type: type, Message: message, message }, type);

export async function startLocalSms(o: LocalSmsOptions): Promise<LocalSms> {
  const kept: SentSms[] = [];
  const calls: number[] = [];
  const failing = new Set<string>();
  const pending = new Set<Promise<void>>();
  let throttle = 0;
  let sent = 0;
  const failShare = Math.min(Math.max(o.failShare ?? 0, 0), 1);

  function emit(m: SentSms, parts: ReturnType<typeof countParts>) {
    if (!o.onEvent) return;
    // Deterministic share: message n fails when the running count of failures due steps up at n.
    const n = sent++;
    const fails = Math.floor((n + 1) * failShare) > Math.floor(n * failShare);
    const at = Date.parse(m.at);
    const event: SmsEvent = {
      eventType: fails ? 'TEXT_CARRIER_UNREACHABLE' : 'TEXT_DELIVERED',
      eventVersion: '1.0',
      eventTimestamp: Date.now(),
      isFinal: true,
      originationPhoneNumber: m.senderId,
      destinationPhoneNumber: `+91${m.to}`,
      isoCountryCode: 'IN',
      messageId: m.messageId,
      messageRequestTimestamp: at,
      messageEncoding: parts.encoding === 'GSM-7' ? 'GSM' : 'UCS2',
      messageType: m.messageType,
      messageStatus: fails ? 'CARRIER_UNREACHABLE' : 'DELIVERED',
      messageStatusDescription: fails ? 'The carrier could not reach the phone' : 'Message has been accepted by phone',
      totalMessageParts: parts.parts,
      context: m.context,
    };
    const p = new Promise<void>((r) => setImmediate(r))
      .then(() => o.onEvent!(event))
      .catch((e: Error) =>
        console.error(JSON.stringify({ level: 'warn', msg: 'sms stand-in: delivery event not handled', error: e.message })),
      )
      .finally(() => pending.delete(p));
    pending.add(p);
  }

  function send(input: Record<string, unknown>, res: http.ServerResponse) {
    calls.push(Date.now());
    const destination = String(input.DestinationPhoneNumber ?? '');
    if (!/^\+[1-9]\d{6,14}$/.test(destination))
      return fault(res, 400, 'ValidationException', 'DestinationPhoneNumber must be in E.164 form');
    if (typeof input.MessageBody !== 'string' || !input.MessageBody)
      return fault(res, 400, 'ValidationException', 'MessageBody is required');
    if (throttle > 0) {
      throttle--;
      return fault(res, 400, 'ThrottlingException', 'Rate exceeded');
    }
    const to = destination.replace(/^\+91/, '');
    if (failing.has(to)) return fault(res, 500, 'InternalServerException', 'Internal failure');
    const params = (input.DestinationCountryParameters ?? {}) as Record<string, string>;
    const m: SentSms = {
      to,
      body: input.MessageBody,
      templateId: params.IN_TEMPLATE_ID ?? '',
      entityId: params.IN_ENTITY_ID ?? '',
      senderId: String(input.OriginationIdentity ?? ''),
      messageId: randomUUID(),
      at: new Date().toISOString(),
      context: (input.Context ?? {}) as Record<string, string>,
      configurationSet: String(input.ConfigurationSetName ?? ''),
      messageType: String(input.MessageType ?? 'TRANSACTIONAL'),
    };
    kept.push(m);
    reply(res, 200, { MessageId: m.messageId });
    emit(m, countParts(m.body));
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/inbox') {
      const to = url.searchParams.get('to') ?? '';
      if (!/^\d{10}$/.test(to)) return reply(res, 400, { message: 'to: a 10-digit mobile number' });
      const list = kept
        .filter((m) => m.to === to)
        .map(({ to, body, templateId, entityId, senderId, messageId, at }) => ({
          to,
          body,
          templateId,
          entityId,
          senderId,
          messageId,
          at,
        }))
        .reverse();
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      return res.end(JSON.stringify(list));
    }
    if (req.method !== 'POST') return reply(res, 404, { message: 'not found' });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const target = String(req.headers['x-amz-target'] ?? '');
      if (target !== TARGET) return fault(res, 400, 'UnknownOperationException', `The stand-in answers ${TARGET} only`);
      let input: Record<string, unknown>;
      try {
        input = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        return fault(res, 400, 'SerializationException', 'The body is not JSON');
      }
      send(input, res);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    messages: () => kept,
    calls: () => calls,
    throttleNext: (n) => {
      throttle = n;
    },
    failAlways: (mobile) => {
      failing.add(mobile);
    },
    settled: async () => {
      while (pending.size) await Promise.all(pending);
    },
    stop: async () => {
      await Promise.all(pending);
      await new Promise((r) => server.close(r));
      server.closeAllConnections?.();
    },
  };
}
