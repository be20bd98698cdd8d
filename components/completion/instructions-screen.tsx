import { getTranslations } from 'next-intl/server';
import { DetailList, type Detail } from './detail-list';
import { instructionDetails, InstructionExtras } from './method-details';
import type { CompletionContext } from './types';

type Account = { accountName?: string; accountNumber?: string; bankCode?: string; bankName?: string };

/** The account details of a response as labelled, copyable details. */
export async function accountDetails(account: Account | undefined): Promise<Detail[]> {
  if (!account) return [];
  const t = await getTranslations('completion.instructions');
  return [
    ...(account.bankName ? [{ label: t('bankName'), value: account.bankName }] : []),
    ...(account.accountName ? [{ label: t('accountName'), value: account.accountName, copy: true }] : []),
    ...(account.accountNumber
      ? [{ label: t('accountNumber'), value: account.accountNumber, copy: true }]
      : []),
  ];
}

/** Bank transfers, virtual accounts, crypto: every value to enter, each with a copy button. */
export async function InstructionsScreen({ context }: { context: CompletionContext }) {
  const t = await getTranslations();
  const details: Detail[] = [
    ...(await instructionDetails(context.response)),
    { label: t('completion.instructions.amountToPay'), value: context.toPay, copy: true },
    { label: t('common.reference'), value: context.response.reference, copy: true },
  ];
  return (
    <section className="card" aria-labelledby="instructions-title">
      <h1 id="instructions-title">{t('completion.instructions.title')}</h1>
      <p>{t('completion.instructions.intro')}</p>
      {context.differs && (
        <p className="notice" data-testid="exact-amount">
          {t('completion.instructions.exactAmount', {
            required: context.toPay,
            order: context.order,
            merchant: context.merchant,
          })}
        </p>
      )}
      <DetailList details={details} />
      <p className="hint">{t('completion.instructions.referenceNote')}</p>
      <InstructionExtras response={context.response} />
    </section>
  );
}
