import 'server-only';
export {
  callbackSigningSecrets,
  overlappingCallbackSecret,
  sendsCustomerEmail,
  CUSTOMER_EMAIL_KINDS,
  type CustomerEmailKind,
  type Merchant,
  type MerchantSettings,
  type FeeRule,
} from './merchant';
export { MerchantDirectory } from './merchant-directory';
export { merchantEntrySchema, readMerchantsFile, type MerchantEntry } from './merchants-file';
export { provisionMerchants, provisionDemoMerchant, DEMO_MERCHANT_CODE } from './provision';
export { hashSecret } from './secret-hash';
export { MerchantClientAddresses } from './client-addresses';
export {
  computeFee,
  computePayoutFee,
  computeRefundFee,
  DEFAULT_FEE_RULE,
  DEFAULT_PAYOUT_FEE_RULE,
} from './pricing';
export { addressAllowed, operationsBeyondKey, type ApiKey } from './api-keys';
export {
  MerchantAdministration,
  collectionAccountInputSchema,
  merchantPatchSchema,
  newMerchantSchema,
  presentMerchantForOperator,
  auditedAccount,
} from './merchant-admin';
export { OperatorKey } from './operator-key';
