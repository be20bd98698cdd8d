import { useTranslations } from 'next-intl';
import type { OperatorMerchantResource } from '@/lib/api/operator-responses';

type FeeRules = NonNullable<OperatorMerchantResource['fees']>;

/** A merchant's test or live badge (the console header's). */
export function ModeBadge({ test, testId }: { test: boolean; testId?: string }) {
  const t = useTranslations('console.mode');
  return (
    <span className={`console-mode ${test ? 'test' : 'live'}`} data-testid={testId}>
      {test ? t('test') : t('live')}
    </span>
  );
}

/** Fee rules as the merchants file has them: "default: 2.5% + 5 THB", one line per method. */
function FeeRulesList({ rules }: { rules: FeeRules | null }) {
  const t = useTranslations('console.operator.terms');
  const none = useTranslations('console.common')('none');
  const entries = Object.entries(rules ?? {});
  if (entries.length === 0) return <>{none}</>;
  return (
    <ul className="operator-plain-list">
      {entries.map(([key, rule]) => {
        const fixed = Object.entries(rule.fixed ?? {})
          .map(([currency, amount]) => `${amount} ${currency}`)
          .join(', ');
        return (
          <li key={key}>
            {key === 'default' ? t('feeDefault') : <code>{key}</code>}:{' '}
            {fixed
              ? t('feeRuleFixed', { percent: rule.percent, fixed })
              : t('feeRule', { percent: rule.percent })}
          </li>
        );
      })}
    </ul>
  );
}

/** What the merchant is offered and charged, as stored now. */
export function MerchantTerms({ merchant }: { merchant: OperatorMerchantResource }) {
  const t = useTranslations('console.operator.terms');
  const none = useTranslations('console.common')('none');
  return (
    <dl className="console-kv" data-testid="merchant-terms">
      <dt>{t('channelName')}</dt>
      <dd>{merchant.channelName}</dd>
      <dt>{t('mode')}</dt>
      <dd>
        <ModeBadge test={merchant.test} />
      </dd>
      <dt>{t('paymentMethods')}</dt>
      <dd data-testid="merchant-methods">
        {merchant.paymentMethods.map((method, index) => (
          <span key={method}>
            {index > 0 && ', '}
            <code>{method}</code>
          </span>
        ))}
      </dd>
      <dt>{t('fees')}</dt>
      <dd>
        <FeeRulesList rules={merchant.fees} />
      </dd>
      <dt>{t('vatPercent')}</dt>
      <dd>{merchant.vatPercent === null ? none : t('percent', { percent: merchant.vatPercent })}</dd>
      <dt>{t('payoutFees')}</dt>
      <dd>
        <FeeRulesList rules={merchant.payoutFees} />
      </dd>
      <dt>{t('settlementDelay')}</dt>
      <dd>
        {merchant.settlementDelaySeconds === null
          ? none
          : t('seconds', { seconds: merchant.settlementDelaySeconds })}
      </dd>
    </dl>
  );
}

/** A live merchant's methods it cannot be offered yet, and what to configure for each (API text). */
export function NotOffered({ gaps }: { gaps: OperatorMerchantResource['notOffered'] }) {
  const t = useTranslations('console.operator.notOffered');
  if (gaps.length === 0)
    return (
      <p className="console-hint" data-testid="not-offered-none">
        {t('none')}
      </p>
    );
  return (
    <ul className="operator-plain-list" data-testid="not-offered">
      {gaps.map((gap) => (
        <li key={`${gap.method}:${gap.currency}`} data-testid="not-offered-method" data-method={gap.method}>
          <code>{gap.method}</code> · {gap.currency}: {gap.missing}
        </li>
      ))}
    </ul>
  );
}
