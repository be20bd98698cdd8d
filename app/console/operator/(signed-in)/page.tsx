import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { loadOperatorMerchants } from '@/bff/console/operator-api';
import { requireOperator } from '@/bff/console/operator-session';
import { failureDetail } from '@/bff/console/receiver';
import { MerchantsTable } from '@/components/console/operator/merchants-table';
import { NewMerchantForm } from '@/components/console/operator/new-merchant-form';
import { METHOD_CODES } from '@/lib/methods';

export const metadata: Metadata = { title: 'Merchants · Operator · Merchant console' };

/** The operator's home: every merchant of the instance, and a new one. */
export default async function OperatorMerchantsPage() {
  const key = await requireOperator();
  const [merchants, t] = await Promise.all([loadOperatorMerchants(key), getTranslations('console.operator')]);
  if ('failure' in merchants && merchants.failure.status === 401)
    redirect('/console/operator/sign-in?e=expired');
  return (
    <>
      <h1>{t('list.title')}</h1>
      <p className="console-hint operator-lead">{t('list.lead')}</p>
      {'failure' in merchants ? (
        <p className="console-alert" role="alert">
          {t('list.loadFailed', { detail: failureDetail(merchants.failure) })}
        </p>
      ) : (
        <MerchantsTable merchants={merchants.data} />
      )}
      <details className="console-card payout-new operator-new" data-testid="new-merchant">
        <summary>{t('new.title')}</summary>
        <p className="console-hint">{t('new.lead')}</p>
        <NewMerchantForm methods={METHOD_CODES} />
      </details>
    </>
  );
}
