import { bodyOf, jsonServiceError, serviceEndpoint, signedFetch, type ServiceTarget } from '../lib/signed-fetch';
import { smsSettings } from './settings';

/**
 * End User Messaging SMS's SendTextMessage, the one operation the functions call: an AWS JSON 1.0 POST
 * (`X-Amz-Target: PinpointSMSVoiceV2.SendTextMessage`, signing name `sms-voice`) signed by
 * functions/lib/signed-fetch.ts, in place of the SDK's client, which was about 150 KB of the sender's bundle
 * (docs/decisions/0046-signing-without-the-sdk.md). Locally it goes to the stand-in (SMS_ENDPOINT, infra/local/sms.ts),
 * which speaks the same protocol to the SDK's client in its own tests. Errors carry the service's names
 * (ThrottlingException, ValidationException, ...) and status, which functions/lib/retry.ts reads. One attempt
 * per call: the sender counts and spaces the tries itself (sender.ts), so each try is held to the rate limit and
 * counted on the item.
 */
export interface SmsMessage {
  /** 10-digit Indian mobile. */
  to: string;
  body: string;
  templateId: string;
  /** The outbox item's key: the delivery events carry it back. */
  outboxKey: string;
}

export type SendSms = (m: SmsMessage) => Promise<{ messageId: string }>;

interface SmsEndpoint {
  target: ServiceTarget;
  url: URL;
}

let endpoint: SmsEndpoint | undefined;

function smsEndpoint(): SmsEndpoint {
  if (endpoint) return endpoint;
  const s = smsSettings();
  endpoint = {
    target: {
      service: 'sms-voice',
      region: s.AWS_REGION,
      ...(s.SMS_ENDPOINT ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    },
    url: new URL(
      `${s.SMS_ENDPOINT?.replace(/\/+$/, '') ?? serviceEndpoint('PINPOINT_SMS_VOICE_V2', `sms-voice.${s.AWS_REGION}.amazonaws.com`)}/`,
    ),
  };
  return endpoint;
}

/** Tests point the sender at another stand-in: the endpoint is read again from the settings. */
export function resetSmsClient(): void {
  endpoint = undefined;
}

export const sendTextMessage: SendSms = async (m) => {
  const s = smsSettings();
  const { target, url } = smsEndpoint();
  const res = await signedFetch(
    target,
    {
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'PinpointSMSVoiceV2.SendTextMessage' },
      body: JSON.stringify({
        DestinationPhoneNumber: `+91${m.to}`,
        OriginationIdentity: s.SMS_ORIGINATION_IDENTITY,
        MessageBody: m.body,
        MessageType: 'TRANSACTIONAL',
        ConfigurationSetName: s.SMS_CONFIGURATION_SET,
        DestinationCountryParameters: { IN_ENTITY_ID: s.SMS_ENTITY_ID, IN_TEMPLATE_ID: m.templateId },
        Context: { outbox: m.outboxKey },
      }),
    },
    1,
  );
  if (!res.ok) throw await jsonServiceError(res);
  const out = JSON.parse(await bodyOf(res, 'text')) as { MessageId?: string };
  if (!out.MessageId) throw new Error('SendTextMessage answered without a MessageId');
  return { messageId: out.MessageId };
};
