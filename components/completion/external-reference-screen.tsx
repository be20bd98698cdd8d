import { getTranslations } from 'next-intl/server';
import { METHODS } from '@/lib/methods/catalogue';
import { localOperatorName } from '@/lib/methods/local-names';
import { DetailList, type Detail } from './detail-list';
import { accountDetails } from './account-details';
import type { CompletionContext } from './types';

/**
 * P2A_V2: pay to the UPI ID, or by IMPS/NEFT to the bank, IFSC and account shown, then enter the
 * 12-digit UTR from the UPI or banking app.
 * A plain form in the form of the method's reference rule (its descriptor) to the BFF; the API checks
 * it again.
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
  return (
    <section className="card" aria-labelledby="reference-title">
      <h1 id="reference-title">{t('completion.externalReference.title')}</h1>
      <DetailList details={details} />
      {given && (saved || !error) ? (
        <p className="notice" role="status" data-testid="reference-saved">
          {t('completion.externalReference.saved', { reference: given })}
        </p>
      ) : (
        <form method="post" action={context.paths.reference}>
          <input type="hidden" name="back" value={context.paths.back} />
          <p>{t('completion.externalReference.intro')}</p>
          <div className="field">
            <label htmlFor="reference">{t('completion.externalReference.label')}</label>
            <input
              id="reference"
              name="reference"
              inputMode="numeric"
              autoComplete="off"
              pattern={rule?.pattern.source.replace(/^\^|\$$/g, '')}
              maxLength={rule?.length}
              minLength={rule?.length}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'reference-error' : undefined}
            />
            {error && (
              <p className="error" id="reference-error" role="alert">
                {error}
              </p>
            )}
          </div>
          <button type="submit" className="button">
            {t('completion.externalReference.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
