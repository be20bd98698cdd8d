export * from './primitives';
export * from './customer-fields';
export * from './payin-request';
export * from './token-request';
export * from './sandbox';
export * from './callbacks';
export * from './payout-request';
export * from './customer-comparison';
