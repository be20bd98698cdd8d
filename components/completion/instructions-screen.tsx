import { getTranslations } from 'next-intl/server';
import { accountDetails } from './account-details';
import { DetailList, type Detail } from './detail-list';
import { VaSteps } from './va-steps';
import type { CompletionContext } from './types';

/** Bank transfers and virtual accounts: every value to enter, each with a copy button. */
export async function InstructionsScreen({ context }: { context: CompletionContext }) {
  const t = await getTranslations();
  const va = context.response.paymentMethodCode === 'VAPAY';
  const details: Detail[] = [
    ...(await accountDetails(context, undefined, va ? t('completion.instructions.vaNumber') : undefined)),
    {
      label: t('completion.instructions.amountToPay'),
      value: context.toPay,
      copy: true,
      copyValue: context.toPayPlain,
      testId: 'detail-amount',
    },
    {
      label: t('common.reference'),
      value: context.response.reference,
      copy: true,
      testId: 'detail-reference',
    },
  ];
  return (
    <section className="card" aria-labelledby="instructions-title">
      <h1 id="instructions-title">{t(va ? 'completion.va.heading' : 'completion.instructions.title')}</h1>
      <p>{t(va ? 'completion.va.intro' : 'completion.instructions.intro')}</p>
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
      {!va && <p className="hint">{t('completion.instructions.referenceNote')}</p>}
      <VaSteps context={context} />
    </section>
  );
}
