import { z } from 'zod';
import { payinResponseSchema } from './responses';

/**
 * GET /payins (docs/decisions/024-listing-and-cancelling-payins.md): each item is exactly the
 * Payin of GET /payins/{idPayin}, with idPayin first. Loose like every response object.
 */
export const payinListItemSchema = payinResponseSchema.extend({ idPayin: z.string() });

export const payinListResponseSchema = z.looseObject({
  /** The page, newest first. */
  data: z.array(payinListItemSchema),
  /** The cursor of the next page; absent on the last page. */
  nextCursor: z.string().optional(),
});

export type PayinListItem = z.infer<typeof payinListItemSchema>;
export type PayinListResponse = z.infer<typeof payinListResponseSchema>;
