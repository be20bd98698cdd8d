import 'server-only';
export * from './payin';
export {
  assertCanSucceed,
  PayinService,
  type ChangeOptions,
  type PaymentOption,
  type TransitionOptions,
} from './payin.service';
export type { PayinPlan, PayinPlanner } from './creation-plan';
export type { StatusChangeOutbox } from './status-outbox';
export { presentCreated, presentPayin, presentPayinJson, presentAccounts } from './payin.presenter';
export { UrlPolicy } from './url-policy';
export { isFinal, assertTransition, type PayinEvent } from './payin.state-machine';
export { createExpirySweeper, expireOverduePayins } from './expiry-sweeper';
export { findPayinByInstitutionSession, findPayinById } from './payin.repository';
