import 'server-only';
export * from './payout';
export { PayoutService, type CryptoPayoutRails, type PayoutPlanner, type PayoutPage } from './payout.service';
export { presentPayout } from './payout.presenter';
export { findPayoutById, payoutsCreatedIn } from './payout.repository';
export {
  payoutOptions,
  resolvePayoutDestination,
  type DestinationResult,
  type PayoutDestination,
  type PayoutDestinationInput,
} from './destinations';
export { PayoutBatchService, type PayoutBatchView } from './batches/batch.service';
export { presentPayoutBatch, presentPayoutBatchSummary } from './batches/batch.presenter';
export type { BankReportEntry, BankReportResult, PayoutBatch } from './batches/payout-batch';
export type { BatchItem, BatchItemKind, BatchSource } from './batches/batch-source';
export { PayoutBatchSource } from './batches/payout-source';
