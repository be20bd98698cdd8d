import 'server-only';
export * from './payout';
export { PayoutService, type PayoutPlanner, type PayoutPage } from './payout.service';
export { presentPayout } from './payout.presenter';
export { findPayoutById } from './payout.repository';
export {
  payoutOptions,
  resolvePayoutDestination,
  type DestinationResult,
  type PayoutDestination,
  type PayoutDestinationInput,
} from './destinations';
