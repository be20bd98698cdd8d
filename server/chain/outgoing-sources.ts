import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { findPayoutById, type PayoutService } from '../payouts';
import type { RefundService } from '../refunds';
import type { OutgoingSource } from './payout-sender';

/** Live CRYPTO payouts of the network, ended through PayoutService (ledger, callback). */
export function payoutSource(db: Kysely<Database>, payouts: PayoutService): OutgoingSource {
  return {
    kind: 'PAYOUT',
    async pending(network, limit) {
      const waiting = await payouts.pendingLive({ method: 'CRYPTO', operator: network, limit });
      return waiting.map((payout) => ({
        id: payout.id,
        label: payout.idPayout,
        currency: payout.money.currency,
        units: payout.money.minor,
        to: payout.destination.account?.accountNumber ?? '',
      }));
    },
    async end(id, status, processorStatus, claim) {
      const payout = await findPayoutById(db, id);
      if (payout) await payouts.finish(payout, status, { processorStatus, claim });
    },
  };
}

/** Live refunds to a wallet on the network, ended through RefundService (ledger, callback). */
export function refundSource(refunds: RefundService): OutgoingSource {
  return {
    kind: 'REFUND',
    async pending(network, limit) {
      const waiting = await refunds.pendingLiveCrypto(network, limit);
      return waiting.map((refund) => ({
        id: refund.id,
        label: refund.idRefund,
        currency: refund.money.currency,
        units: refund.money.minor,
        to: refund.destination?.account?.accountNumber ?? '',
      }));
    },
    async end(id, status, processorStatus, claim) {
      await refunds.finish({ id, idRefund: String(id) }, status, {
        processorStatus,
        claim: (tx) => claim(tx),
      });
    },
  };
}
