import { z } from 'zod';
import { callbackDeliverySchema } from './responses';

/** A page of the merchant's deliveries (GET /callbacks); nextCursor is absent on the last page. */
export const callbackDeliveryPageSchema = z.looseObject({
  data: z.array(callbackDeliverySchema),
  nextCursor: z.string().optional(),
});

/** The body type of a test callback (POST /callbacks/!test); never sent for a payin. */
export const CALLBACK_TEST_EVENT = 'callback.test';
export const CALLBACK_TEST_OUTCOMES = ['DELIVERED', 'FAILED'] as const;

/** The one attempt of a test callback, as it went. */
export const callbackTestAttemptSchema = z.looseObject({
  url: z.string(),
  startedAt: z.string(),
  durationMs: z.number().int(),
  /** content-type, user-agent and the Standard Webhooks headers, signed with the merchant's callback secret. */
  requestHeaders: z.record(z.string(), z.string()),
  /** The exact JSON text sent and signed. */
  body: z.string(),
  responseStatus: z.number().int().optional(),
  /** The first kilobyte of the response body. */
  responseExcerpt: z.string().optional(),
  error: z.string().optional(),
  outcome: z.enum(CALLBACK_TEST_OUTCOMES),
});

/** The merchant's callback signing secret, in the whsec_<base64> form Standard Webhooks receivers take. */
export const callbackSigningSecretSchema = z.looseObject({
  secret: z.string(),
  /** During a rotation's overlap: until when callbacks also carry a signature with the previous secret. */
  previousSecretExpiresAt: z.string().optional(),
});

/** A message the built-in callback receiver took in. */
export const callbackReceiverMessageSchema = z.looseObject({
  id: z.string(),
  receivedAt: z.string(),
  /** Lower-cased, without hop-by-hop headers, cookies or authorization. */
  headers: z.record(z.string(), z.string()),
  body: z.string(),
  /** Whether the Standard Webhooks signature verified, with the merchant's callback secret, when it arrived. */
  signatureVerified: z.boolean(),
});

export const callbackReceiverMessagesSchema = z.looseObject({
  /** Where to send callbacks to have them land here: give it as callbackUrl or to POST /callbacks/!test. */
  url: z.string(),
  data: z.array(callbackReceiverMessageSchema),
});

export const callbackReceiverAckSchema = z.looseObject({ received: z.literal(true) });

export type CallbackDeliveryPage = z.infer<typeof callbackDeliveryPageSchema>;
export type CallbackTestAttempt = z.infer<typeof callbackTestAttemptSchema>;
export type CallbackReceiverMessage = z.infer<typeof callbackReceiverMessageSchema>;
export type CallbackReceiverMessages = z.infer<typeof callbackReceiverMessagesSchema>;
