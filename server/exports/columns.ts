import 'server-only';
import { toDecimalString, type Money } from '@/lib/money';
import type { PostedTransfer } from '../ledger';
import type { Payin } from '../payins';
import type { Payout } from '../payouts';
import type { CollectionTransaction } from '../reconciliation';
import type { Refund } from '../refunds';
import type { Column } from './table';

/** An amount as an exact decimal string in currency units ("1500.50"), never a float. */
const amount = (money: Money | undefined) => money && toDecimalString(money);

/** One payin a line (docs/decisions/045): what was asked, paid, charged, and by whom. */
export const PAYIN_COLUMNS: readonly Column<Payin>[] = [
  { name: 'idPayin', cell: (p) => p.idPayin },
  { name: 'reference', cell: (p) => p.reference },
  { name: 'status', cell: (p) => p.status },
  { name: 'processorStatus', cell: (p) => p.processorStatus },
  { name: 'paymentMethodCode', cell: (p) => p.method },
  { name: 'paymentOperatorCode', cell: (p) => p.operatorCode },
  { name: 'currencyCode', cell: (p) => p.money.currency },
  { name: 'amount', cell: (p) => amount(p.money) },
  { name: 'amountRequired', cell: (p) => amount(p.requiredMoney) },
  { name: 'amountReceived', cell: (p) => amount(p.receivedMoney) },
  { name: 'amountReceivedLate', cell: (p) => amount(p.receivedLateMoney) },
  { name: 'fee', cell: (p) => amount(p.fee) },
  { name: 'vat', cell: (p) => amount(p.vat) },
  { name: 'externalReference', cell: (p) => p.externalReference },
  { name: 'customerName', cell: (p) => p.customer.accountName },
  { name: 'customerAccountNumber', cell: (p) => p.customer.accountNumber },
  { name: 'customerEmail', cell: (p) => p.customer.emailAddress },
  { name: 'customerPhone', cell: (p) => p.customer.phoneNumber },
  { name: 'payerAccountName', cell: (p) => p.customerAccountProcess?.accountName },
  { name: 'payerAccountNumber', cell: (p) => p.customerAccountProcess?.accountNumber },
  { name: 'payerBankCode', cell: (p) => p.customerAccountProcess?.bankCode },
  { name: 'collectionAccountId', cell: (p) => p.collectionAccountId },
  { name: 'isTest', cell: (p) => p.isTest },
  { name: 'createdAt', zoned: true, cell: (p) => p.createdAt },
  { name: 'processedAt', zoned: true, cell: (p) => p.processedAt },
  { name: 'expireAt', zoned: true, cell: (p) => p.expireAt },
];

/** Where money went out to (a payout's or a refund's destination) and its file's EndToEndId. */
type Outgoing = Pick<Payout, 'destination' | 'byFile'>;
const destinationColumns = <Row extends Partial<Outgoing>>(): Column<Row>[] => [
  { name: 'paymentMethodCode', cell: (row) => row.destination?.method },
  { name: 'paymentOperatorCode', cell: (row) => row.destination?.operator?.code },
  { name: 'accountName', cell: (row) => row.destination?.account.accountName },
  { name: 'accountNumber', cell: (row) => row.destination?.account.accountNumber },
  { name: 'bankCode', cell: (row) => row.destination?.account.bankCode },
  { name: 'payingAccountId', cell: (row) => row.byFile?.accountId },
  { name: 'endToEndId', cell: (row) => row.byFile?.endToEndId },
];

/** What a payout or refund costs: the money sent, its fee and the fee's VAT. */
type Charged = Pick<Payout, 'money' | 'fee' | 'vat'>;
const chargeColumns = <Row extends Charged>(): Column<Row>[] => [
  { name: 'currencyCode', cell: (row) => row.money.currency },
  { name: 'amount', cell: (row) => amount(row.money) },
  { name: 'fee', cell: (row) => amount(row.fee) },
  { name: 'vat', cell: (row) => amount(row.vat) },
];

export const PAYOUT_COLUMNS: readonly Column<Payout>[] = [
  { name: 'idPayout', cell: (p) => p.idPayout },
  { name: 'reference', cell: (p) => p.reference },
  { name: 'status', cell: (p) => p.status },
  { name: 'processorStatus', cell: (p) => p.processorStatus },
  ...chargeColumns<Payout>(),
  ...destinationColumns<Payout>(),
  { name: 'isTest', cell: (p) => p.isTest },
  { name: 'createdAt', zoned: true, cell: (p) => p.createdAt },
  { name: 'processedAt', zoned: true, cell: (p) => p.processedAt },
  { name: 'returnedAt', zoned: true, cell: (p) => p.returnedAt },
];

export const REFUND_COLUMNS: readonly Column<Refund>[] = [
  { name: 'idRefund', cell: (r) => r.idRefund },
  { name: 'idPayin', cell: (r) => r.idPayin },
  { name: 'reference', cell: (r) => r.reference },
  { name: 'status', cell: (r) => r.status },
  { name: 'processorStatus', cell: (r) => r.processorStatus },
  ...chargeColumns<Refund>(),
  { name: 'reason', cell: (r) => r.reason },
  { name: 'destinationSource', cell: (r) => r.destinationSource },
  ...destinationColumns<Refund>(),
  { name: 'isTest', cell: (r) => r.isTest },
  { name: 'createdAt', zoned: true, cell: (r) => r.createdAt },
  { name: 'claimedAt', zoned: true, cell: (r) => r.claimedAt },
  { name: 'processedAt', zoned: true, cell: (r) => r.processedAt },
  { name: 'returnedAt', zoned: true, cell: (r) => r.returnedAt },
];

/** A ledger line: one entry of a transfer, with the transfer's facts repeated (a journal line). */
export interface LedgerLine {
  transfer: PostedTransfer;
  entry: PostedTransfer['entries'][number];
}

export const LEDGER_COLUMNS: readonly Column<LedgerLine>[] = [
  { name: 'idTransfer', cell: ({ transfer }) => transfer.id.toString() },
  { name: 'type', cell: ({ transfer }) => transfer.kind },
  { name: 'createdAt', zoned: true, cell: ({ transfer }) => transfer.createdAt },
  { name: 'currencyCode', cell: ({ transfer }) => transfer.currency },
  { name: 'account', cell: ({ entry }) => entry.account },
  { name: 'direction', cell: ({ entry }) => entry.direction },
  {
    name: 'amount',
    cell: ({ transfer, entry }) => toDecimalString({ currency: transfer.currency, minor: entry.amountMinor }),
  },
  { name: 'idPayin', cell: ({ transfer }) => transfer.idPayin },
  { name: 'idPayout', cell: ({ transfer }) => transfer.idPayout },
  { name: 'idRefund', cell: ({ transfer }) => transfer.idRefund },
  { name: 'idCollectionTransaction', cell: ({ transfer }) => transfer.idCollectionTransaction },
  { name: 'actor', cell: ({ transfer }) => transfer.actor },
];

/** Money the merchant's collection accounts received, as the bank told it and as matching took it. */
export const COLLECTION_TRANSACTION_COLUMNS: readonly Column<CollectionTransaction>[] = [
  { name: 'id', cell: (t) => t.id.toString() },
  { name: 'accountId', cell: (t) => t.accountId },
  { name: 'bankTransactionId', cell: (t) => t.bankTransactionId },
  { name: 'currencyCode', cell: (t) => t.currency },
  { name: 'amount', cell: (t) => toDecimalString({ currency: t.currency, minor: t.amountMinor }) },
  { name: 'applied', cell: (t) => toDecimalString({ currency: t.currency, minor: t.appliedMinor }) },
  { name: 'bookedAt', zoned: true, cell: (t) => t.bookedAt },
  { name: 'receivedAt', zoned: true, cell: (t) => t.receivedAt },
  { name: 'note', cell: (t) => t.note },
  { name: 'payerName', cell: (t) => t.payer?.name },
  { name: 'payerAccountNumber', cell: (t) => t.payer?.accountNumber },
  { name: 'payerBank', cell: (t) => t.payer?.bank },
  { name: 'to', cell: (t) => t.toAddress },
  { name: 'source', cell: (t) => t.source },
  { name: 'outcome', cell: (t) => t.outcome },
  { name: 'matchedBy', cell: (t) => t.matchedBy },
  { name: 'idPayin', cell: (t) => t.idPayin },
  { name: 'resolution', cell: (t) => t.resolution },
  { name: 'resolvedBy', cell: (t) => t.resolvedBy },
  { name: 'resolvedAt', zoned: true, cell: (t) => t.resolvedAt },
  { name: 'resolutionNote', cell: (t) => t.resolutionNote },
];
