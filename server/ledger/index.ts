import 'server-only';
export * from './ledger';
export { LedgerService, payinCreditEntries, payoutTotal, type PayoutMoney } from './ledger.service';
export { checkLedgerInvariants } from './invariants';
