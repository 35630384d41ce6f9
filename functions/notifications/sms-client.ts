import { PinpointSMSVoiceV2Client, SendTextMessageCommand } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { smsSettings } from './settings';

/**
 * The End User Messaging SMS client: the real SDK client, pointed at the stand-in locally (SMS_ENDPOINT). It makes
 * one attempt per call: the sender counts and spaces the tries itself (sender.ts), so each try is held to the
 * rate limit and counted on the item.
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

let client: PinpointSMSVoiceV2Client | undefined;

function smsClient(): PinpointSMSVoiceV2Client {
  if (client) return client;
  const s = smsSettings();
  client = new PinpointSMSVoiceV2Client({
    region: s.AWS_REGION,
    maxAttempts: 1,
    ...(s.SMS_ENDPOINT ? { endpoint: s.SMS_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  return client;
}

/** Tests point a fresh client at another stand-in. */
export function resetSmsClient(): void {
  client?.destroy();
  client = undefined;
}

export const sendTextMessage: SendSms = async (m) => {
  const s = smsSettings();
  const out = await smsClient().send(
    new SendTextMessageCommand({
      DestinationPhoneNumber: `+91${m.to}`,
      OriginationIdentity: s.SMS_ORIGINATION_IDENTITY,
      MessageBody: m.body,
      MessageType: 'TRANSACTIONAL',
      ConfigurationSetName: s.SMS_CONFIGURATION_SET,
      DestinationCountryParameters: { IN_ENTITY_ID: s.SMS_ENTITY_ID, IN_TEMPLATE_ID: m.templateId },
      Context: { outbox: m.outboxKey },
    }),
  );
  if (!out.MessageId) throw new Error('SendTextMessage answered without a MessageId');
  return { messageId: out.MessageId };
};
