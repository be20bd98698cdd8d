import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { OperatorMerchantResource } from '@/lib/api/operator-responses';
import { ModeBadge } from './merchant-terms';

/** Every merchant of the instance: code, name, test or live, methods, accounts, what is not offered. */
export function MerchantsTable({ merchants }: { merchants: readonly OperatorMerchantResource[] }) {
  const t = useTranslations('console.operator.list');
  if (merchants.length === 0)
    return (
      <p className="console-card" data-testid="operator-merchants-empty">
        {t('empty')}
      </p>
    );
  return (
    <div className="console-table-wrap">
      <table className="console-table stacked" data-testid="operator-merchants">
        <caption className="visually-hidden">{t('caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('code')}</th>
            <th scope="col">{t('channelName')}</th>
            <th scope="col">{t('mode')}</th>
            <th scope="col">{t('methods')}</th>
            <th scope="col">{t('accounts')}</th>
            <th scope="col">{t('notOffered')}</th>
          </tr>
        </thead>
        <tbody>
          {merchants.map((merchant) => (
            <tr
              key={merchant.merchantCode}
              data-testid="operator-merchant-row"
              data-code={merchant.merchantCode}
            >
              <td data-label={t('code')}>
                <Link href={`/console/operator/merchants/${encodeURIComponent(merchant.merchantCode)}`}>
                  <code>{merchant.merchantCode}</code>
                </Link>
              </td>
              <td data-label={t('channelName')} className="payout-cell">
                {merchant.channelName}
              </td>
              <td data-label={t('mode')}>
                <ModeBadge test={merchant.test} />
              </td>
              <td data-label={t('methods')} className="payout-cell">
                {merchant.paymentMethods.join(', ')}
              </td>
              <td data-label={t('accounts')}>{merchant.collectionAccounts.length}</td>
              <td data-label={t('notOffered')} className="payout-cell">
                {merchant.notOffered.length === 0
                  ? t('allOffered')
                  : merchant.notOffered.map((gap) => `${gap.method} (${gap.currency})`).join(', ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
