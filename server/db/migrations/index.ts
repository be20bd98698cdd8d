import type { Migration } from 'kysely';
import * as initial from './0001-initial';
import * as sandbox from './0002-sandbox';
import * as callbacks from './0003-callbacks';
import * as hardening from './0004-hardening';
import * as sandboxPayments from './0005-sandbox-payments';
import * as payinListing from './0006-payin-listing';
import * as callbackInspection from './0007-callback-inspection';
import * as ledgerAndPayouts from './0008-ledger-and-payouts';
import * as liveCollection from './0009-live-collection';
import * as collectionAddresses from './0010-collection-addresses';
import * as callbackSecretRotation from './0011-callback-secret-rotation';
import * as apiKeys from './0012-api-keys';
import * as auditEvents from './0013-audit-events';
import * as people from './0014-people';
import * as refunds from './0015-refunds';
import * as payoutBatches from './0016-payout-batches';
import * as statementMappings from './0017-statement-mappings';
import * as chainWatch from './0018-chain-watch';
import * as refundBatches from './0019-refund-batches';
import * as chainPayouts from './0020-chain-payouts';
import * as returnsAfterPayment from './0021-returns-after-payment';
import * as payinSearch from './0022-payin-search';
import * as exportPeriods from './0023-export-periods';
import * as callbackWakeup from './0024-callback-wakeup';
import * as reviewQueue from './0025-review-queue';
import * as paymentLinks from './0026-payment-links';
import * as customerEmails from './0027-customer-emails';
import * as institutionSessionPartial from './0028-institution-session-partial';
import * as requiredAmountSearchPartial from './0029-required-amount-search-partial';

/**
 * Every migration, in order. Imported statically so the bundled server carries them; names sort
 * lexically, which is the order Kysely applies them in.
 */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-sandbox': sandbox,
  '0003-callbacks': callbacks,
  '0004-hardening': hardening,
  '0005-sandbox-payments': sandboxPayments,
  '0006-payin-listing': payinListing,
  '0007-callback-inspection': callbackInspection,
  '0008-ledger-and-payouts': ledgerAndPayouts,
  '0009-live-collection': liveCollection,
  '0010-collection-addresses': collectionAddresses,
  '0011-callback-secret-rotation': callbackSecretRotation,
  '0012-api-keys': apiKeys,
  '0013-audit-events': auditEvents,
  '0014-people': people,
  '0015-refunds': refunds,
  '0016-payout-batches': payoutBatches,
  '0017-statement-mappings': statementMappings,
  '0018-chain-watch': chainWatch,
  '0019-refund-batches': refundBatches,
  '0020-chain-payouts': chainPayouts,
  '0021-returns-after-payment': returnsAfterPayment,
  '0022-payin-search': payinSearch,
  '0023-export-periods': exportPeriods,
  '0024-callback-wakeup': callbackWakeup,
  '0025-review-queue': reviewQueue,
  '0026-payment-links': paymentLinks,
  '0027-customer-emails': customerEmails,
  '0028-institution-session-partial': institutionSessionPartial,
  '0029-required-amount-search-partial': requiredAmountSearchPartial,
};
