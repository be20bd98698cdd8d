import 'server-only';
export * from './payin';
export { PayinService, type PaymentOption } from './payin.service';
export { presentCreated, presentPayin, presentAccounts } from './payin.presenter';
export { UrlPolicy } from './url-policy';
export { isFinal, assertTransition, type PayinEvent } from './payin.state-machine';
