import 'server-only';
export * from './payin';
export { PayinService, type PaymentOption, type PayinListQuery, type PayinPage } from './payin.service';
export type { PayinListFilter } from './payin-list.repository';
export type { LinkPayinCounts } from './payin-link.repository';
export { assertCanSucceed, type ChangeOptions, type TransitionOptions } from './payin.changes';
export type { PayinPlan, PayinPlanner } from './creation-plan';
export type { CreationOutbox, PayinDraft, StatusChange, StatusChangeOutbox } from './status-outbox';
export {
  presentCreated,
  presentPayin,
  presentPayinJson,
  presentPayinPage,
  presentAccounts,
} from './payin.presenter';
export { isFinal, assertTransition, type PayinEvent } from './payin.state-machine';
export { createExpirySweeper, expireOverduePayins } from './expiry-sweeper';
export { findPayinByInstitutionSession, findPayinById, lockPayin } from './payin.repository';
export { payinsCreatedIn } from './payin-period.repository';
export { liveGaps, offeredOperators, planCollection, type CollectionPlan } from './collection-plan';
