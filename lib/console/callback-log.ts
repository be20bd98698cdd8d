import { z } from 'zod';
import { CALLBACK_DELIVERY_STATUSES, callbackAttemptSchema, callbackDeliverySchema } from '../api/responses';
import { idPayinSchema } from '../schemas/primitives';

/** An attempt as the console shows it: the API's, with the console's verdict on its signature. */
export const callbackAttemptViewSchema = callbackAttemptSchema.extend({
  /** Recomputed with the merchant's secret server side; absent when the attempt logged no headers. */
  signatureVerified: z.boolean().optional(),
});

export const callbackDeliveryViewSchema = callbackDeliverySchema.extend({
  attempts: z.array(callbackAttemptViewSchema),
});

/** What /console/bff/callbacks answers: a page of the merchant's deliveries, newest first. */
export const callbackLogPageSchema = z.looseObject({
  data: z.array(callbackDeliveryViewSchema),
  nextCursor: z.string().optional(),
});

export type CallbackAttemptView = z.infer<typeof callbackAttemptViewSchema>;
export type CallbackDeliveryView = z.infer<typeof callbackDeliveryViewSchema>;
export type CallbackLogPage = z.infer<typeof callbackLogPageSchema>;

export const CALLBACK_LOG_PAGE_SIZE = 20;

/** The log's filters, from a page's or the BFF's query; anything malformed is simply not applied. */
export interface CallbackLogFilters {
  idPayin?: string | undefined;
  status?: (typeof CALLBACK_DELIVERY_STATUSES)[number] | undefined;
  cursor?: string | undefined;
}

const statusSchema = z.enum(CALLBACK_DELIVERY_STATUSES);
const cursorSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export function callbackLogFilters(query: {
  get(name: string): string | null | undefined;
}): CallbackLogFilters {
  const idPayin = idPayinSchema.safeParse(query.get('idPayin')?.trim() || undefined);
  const status = statusSchema.safeParse(query.get('status') || undefined);
  const cursor = cursorSchema.safeParse(query.get('cursor') || undefined);
  return {
    idPayin: idPayin.success ? idPayin.data : undefined,
    status: status.success ? status.data : undefined,
    cursor: cursor.success ? cursor.data : undefined,
  };
}

/** The query string of GET /callbacks (and of the console's BFF) for these filters. */
export function callbackLogQuery(filters: CallbackLogFilters): string {
  const query = new URLSearchParams({ limit: String(CALLBACK_LOG_PAGE_SIZE) });
  if (filters.idPayin) query.set('idPayin', filters.idPayin);
  if (filters.status) query.set('status', filters.status);
  if (filters.cursor) query.set('cursor', filters.cursor);
  return query.toString();
}
