import type { PayinResource } from '@/lib/api/responses';

/** An item of GET /payins: the payin as GET /payins/{idPayin} shows it, with its idPayin. */
export type PayinListItem = PayinResource & { idPayin: string };

export interface PayinPage {
  data: PayinListItem[];
  nextCursor?: string | null;
}
