import { z } from 'zod';
import { CALLBACK_DELIVERY_STATUSES } from '../api/responses';
import { absoluteUrlSchema, idPayinSchema } from './primitives';

/** An opaque page cursor: base64url, as GET /callbacks hands it out. */
const cursorSchema = z
  .string()
  .max(64, 'Not a cursor this API gave out.')
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a cursor this API gave out.');

const limitSchema = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'Must be a whole number.' })
    .int('Must be a whole number.')
    .min(1, 'Must be at least 1.')
    .max(max, `Must be at most ${max}.`)
    .default(fallback);

/** Query of GET /callbacks: the merchant's deliveries across payins, a page at a time. */
export const callbackListQuerySchema = z.object({
  limit: limitSchema(100, 20),
  cursor: cursorSchema.optional(),
  idPayin: idPayinSchema.optional(),
  idPayout: idPayinSchema.optional(),
  status: z.enum(CALLBACK_DELIVERY_STATUSES).optional(),
});

/** Body of POST /callbacks/!test. */
export const callbackTestRequestSchema = z.object({ url: absoluteUrlSchema });

/** Query of GET /callback-receiver: the newest messages, or only those after a known id (polling). */
export const callbackReceiverQuerySchema = z.object({
  limit: limitSchema(200, 50),
  after: z
    .string()
    .regex(/^[0-9]{1,18}$/, 'Must be the id of a message.')
    .optional(),
});

export type CallbackListQuery = z.infer<typeof callbackListQuerySchema>;
export type CallbackTestRequest = z.infer<typeof callbackTestRequestSchema>;
export type CallbackReceiverQuery = z.infer<typeof callbackReceiverQuerySchema>;

/** The longest a rotated-out callback signing secret may keep signing (30 days). */
export const MAX_SECRET_OVERLAP_SECS = 30 * 86_400;

/** POST /callbacks/signing-secret/!rotate: how long the current secret keeps signing beside the new one. */
export const signingSecretRotationSchema = z.strictObject({
  overlapSeconds: z
    .int('Whole seconds.')
    .min(0, 'At least 0 (no overlap).')
    .max(MAX_SECRET_OVERLAP_SECS, `At most ${MAX_SECRET_OVERLAP_SECS} (30 days).`)
    .optional(),
});
