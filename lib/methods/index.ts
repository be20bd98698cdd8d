export * from './catalogue';
export * from './descriptor';
export * from './references';
export {
  EWALLET_FLOWS,
  EWALLET_PUSH_OPERATORS,
  ewalletFlowOf,
  type EwalletFlow,
} from './descriptors/ewallet';
export {
  P2A_V2_UPI_OPERATOR,
  P2A_V2_VARIANTS,
  p2aV2VariantOf,
  type P2aV2Variant,
} from './descriptors/p2a-v2';
export * from './completion';
export * from './phone-numbers';
export * from './amount-rules';
