import 'server-only';
export * from './refund';
export { RefundService, type PayinRefunds, type RefundClaimView } from './refund.service';
export { presentRefund, presentClaim } from './refund.presenter';
export { claimUrl } from './claim-link';
export { findRefundById, refundsCreatedIn } from './refund.repository';
export { RefundBatchSource } from './refund-batch-source';
