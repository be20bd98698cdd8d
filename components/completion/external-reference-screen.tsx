import { getTranslations } from 'next-intl/server';
import { METHODS } from '@/lib/methods/catalogue';
import { localOperatorName } from '@/lib/methods/local-names';
import { DetailList, type Detail } from './detail-list';
import { accountDetails } from './account-details';
import { ReferenceForm } from './reference-form';
import type { CompletionContext } from './types';

/**
 * P2A_V2: pay to the UPI ID, or by IMPS/NEFT to the bank, IFSC and account shown, then enter the
 * 12-digit UTR from the UPI or banking app. The title says the two steps in their order.
 * A plain form checked against the method's reference rule (its descriptor) before it posts to the
 * BFF; the BFF and the API check it again.
 */
export async function ExternalReferenceScreen({
  context,
  saved,
  error,
}: {
  context: CompletionContext;
  saved: boolean;
  error: string | undefined;
}) {
  const t = await getTranslations();
  const address = context.response.paymentAddress;
  const given = context.response.externalReference?.reference;
  const rule = METHODS[context.response.paymentMethodCode].externalReference?.rule;
  const operator = context.response.paymentOperator;
  // The bank transfer variant: what an IMPS/NEFT payer types into a banking app, line by line, then
  // the account's NPCI address for a UPI app. The UPI variant: the UPI ID and whose it is.
  const payTo: Detail[] = !address
    ? []
    : address.ifsc
      ? [
          {
            label: t('completion.instructions.bankName'),
            value: operator
              ? localOperatorName(context.locale, context.currency, operator)
              : (address.bankName ?? ''),
            testId: 'detail-bank',
          },
          {
            label: t('completion.externalReference.ifsc'),
            value: address.ifsc,
            copy: true,
            testId: 'detail-ifsc',
          },
          ...(await accountDetails(context)),
          { label: t('completion.externalReference.accountAddress'), value: address.idAddress, copy: true },
        ]
      : [
          { label: t('completion.externalReference.payTo'), value: address.idAddress, copy: true },
          { label: t('completion.externalReference.payeeName'), value: address.name },
          ...(await accountDetails(context)),
        ];
  const details: Detail[] = [
    ...payTo,
    {
      label: t('completion.instructions.amountToPay'),
      value: context.toPay,
      copy: true,
      copyValue: context.toPayPlain,
      testId: 'detail-amount',
    },
    { label: t('common.reference'), value: context.response.reference, copy: true },
  ];
  const title = t(
    address?.ifsc ? 'completion.externalReference.titleBank' : 'completion.externalReference.titleUpi',
    { amount: context.toPay },
  );
  return (
    <section className="card" aria-labelledby="reference-title">
      <h1 id="reference-title">{title}</h1>
      <DetailList details={details} />
      {given && (saved || !error) ? (
        <p className="notice" role="status" data-testid="reference-saved">
          {t('completion.externalReference.saved', { reference: given })}
        </p>
      ) : (
        <ReferenceForm
          action={context.paths.reference}
          back={context.paths.back}
          intro={t('completion.externalReference.intro')}
          label={t('completion.externalReference.label')}
          submitLabel={t('completion.externalReference.submit')}
          pattern={(rule?.pattern ?? /^.+$/).source}
          messages={{
            required: t('checkout.validation.referenceRequired'),
            invalid: t('checkout.validation.reference'),
          }}
          serverError={error}
        />
      )}
    </section>
  );
}
