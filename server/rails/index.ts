import 'server-only';
// Reference data: banks, networks, wallets, acquirers, per-country account rules, identifier checks,
// time zones. The lowest floor of server/ above the platform: it knows no payment, merchant or method
// (docs/decisions/029-floors-and-method-descriptors.md).
export * from './banks';
export * from './bank-registries';
export * from './bank-rules';
export * from './check-digits';
export * from './crypto';
export * from './payment-return-reasons';
export * from './promptpay';
export * from './qr-schemes';
export * from './time-zones';
export * from './upi';
export * from './wallets';
