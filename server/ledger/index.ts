import 'server-only';
export * from './ledger';
export { LedgerService, type LedgerSubjects } from './ledger.service';
export {
  payinCreditEntries,
  payoutTotal,
  POSTING_RULES,
  type CollectionMoney,
  type PayoutMoney,
  type PostingInputs,
  type RefundMoney,
} from './posting-rules';
