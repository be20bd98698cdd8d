import { getTranslations } from 'next-intl/server';
import type { PaymentMethodResponse } from '@/lib/api/responses';
import { localAccountNames } from '@/lib/methods/local-names';
import type { Detail } from './detail-list';
import type { CompletionContext } from './types';

type Account = NonNullable<PaymentMethodResponse['account']>;

/**
 * The account to pay into as labelled, copyable details, in the reader's terms: the bank's own name
 * where the page's language is the bank's, and the branch and account type where the rail needs
 * them (a Japanese transfer asks for 支店 and 普通), and the number by what it is (a PromptPay ID).
 */
export async function accountDetails(
  context: Pick<CompletionContext, 'locale' | 'currency' | 'response'>,
  account: Account | undefined = context.response.account,
  numberLabel?: string,
): Promise<Detail[]> {
  if (!account) return [];
  const t = await getTranslations('completion.instructions');
  const { locale, currency } = context;
  const operator = context.response.paymentOperator;
  const { bankName, branchName } = localAccountNames(locale, currency, account, operator);
  const withCode = (name: string, code: string | undefined) => (code ? `${name} (${code})` : name);
  // A PromptPay QR to the merchant's own PromptPay (no bank named): the number is its PromptPay ID.
  const promptPayId = context.response.paymentMethodCode === 'QRTH' && !account.bankName;
  const details: (Detail | false | '' | undefined)[] = [
    bankName && {
      label: t('bankName'),
      value: account.bankBranch ? withCode(bankName, account.bankCode) : bankName,
      testId: 'detail-bank',
    },
    branchName && {
      label: t('branch'),
      value: withCode(branchName, account.bankBranchCode),
      testId: 'detail-branch',
    },
    account.accountType && {
      label: t('accountType'),
      value: t(`accountTypes.${account.accountType}`),
      testId: 'detail-account-type',
    },
    account.accountName && { label: t('accountName'), value: account.accountName, copy: true },
    account.accountNumber && {
      label: numberLabel ?? t(promptPayId ? 'promptPayId' : 'accountNumber'),
      value: account.accountNumber,
      copy: true,
      testId: 'detail-account-number',
    },
  ];
  return details.filter((detail): detail is Detail => Boolean(detail));
}
