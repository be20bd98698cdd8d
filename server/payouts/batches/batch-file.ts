import 'server-only';
import { moneyOf } from '@/lib/money';
import { collectionBanks, type BankAccountCollection } from '../../accounts';
import type { BatchItem } from './batch-source';
import { pain001Xml, type Pain001Agent } from './pain001';
import type { PayoutBatch } from './payout-batch';

/**
 * The batch's pain.001 file: the paying account as debtor, one credit transfer per payout and
 * refund in file order (docs/decisions/038, 042).
 */
export function batchFile(
  account: BankAccountCollection,
  batch: PayoutBatch,
  items: readonly BatchItem[],
): string {
  const bank = collectionBanks(account.currency).find((candidate) => candidate.code === account.bank);
  const agentOf = (bankCode: string | undefined, name: string | undefined): Pain001Agent => {
    // Where banks are named by BIC (Malaysia, the Philippines), the bank code is the BIC.
    const isBic = bankCode !== undefined && /^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(bankCode);
    return {
      ...(isBic ? { bic: bankCode } : bankCode !== undefined && { bankCode }),
      ...(name !== undefined && { name }),
    };
  };
  return pain001Xml({
    messageId: batch.idBatch,
    createdAt: batch.createdAt,
    requestedExecutionDate: batch.executionDate,
    initiatingParty: {
      name: account.accountName,
      ...(account.payouts?.initiatingPartyId !== undefined && { id: account.payouts.initiatingPartyId }),
    },
    debtor: {
      name: account.accountName,
      accountNumber: account.accountNumber,
      agent: {
        ...agentOf(bank?.bankCode, bank?.name),
        ...(account.payouts?.bic !== undefined && { bic: account.payouts.bic }),
      },
    },
    transfers: items.map((item) => ({
      endToEndId: item.endToEndId,
      money: moneyOf(item.money.currency, item.money.minor),
      creditor: {
        name: item.creditor.name ?? 'NOTPROVIDED',
        accountNumber: item.creditor.accountNumber,
      },
      creditorAgent: agentOf(item.creditor.bankCode, item.creditor.bankName),
      remittance: item.remittance,
    })),
  });
}
