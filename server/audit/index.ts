import 'server-only';
export { checkLedgerInvariants } from './ledger-invariants';
