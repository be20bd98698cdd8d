import 'server-only';
import type { PayoutStatus } from '@/lib/api/payout-responses';
import type { Money } from '@/lib/money';
import type { PayoutMethodCode } from '@/lib/payouts/methods';
import type { PayoutDestination } from './destinations';

export type { PayoutStatus } from '@/lib/api/payout-responses';

export interface Payout {
  id: bigint;
  merchantCode: string;
  idPayout: string;
  status: PayoutStatus;
  processorStatus: string | undefined;
  method: PayoutMethodCode;
  money: Money;
  fee: Money;
  vat: Money | undefined;
  isTest: boolean;
  callbackUrl: string;
  /** Where the money goes, as validated and normalised at creation (its operator included). */
  destination: PayoutDestination;
  reference: string;
  createdAt: Date;
  processedAt: Date | undefined;
  updatedAt: Date;
}

/** The processor statuses a payout's final status carries by default. */
export const DEFAULT_PROCESSOR_STATUS: Record<'SUCCESS' | 'REFUSED', string> = {
  SUCCESS: 'APPROVED',
  REFUSED: 'DECLINED',
};
