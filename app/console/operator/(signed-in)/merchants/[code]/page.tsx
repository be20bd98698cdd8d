import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { loadOperatorMerchant } from '@/bff/console/operator-api';
import { requireOperator } from '@/bff/console/operator-session';
import { failureDetail } from '@/bff/console/receiver';
import { AccountForm } from '@/components/console/operator/account-form';
import { InviteOwnerForm } from '@/components/console/operator/invite-owner-form';
import { IssueKeyForm } from '@/components/console/operator/issue-key-form';
import { MerchantTerms, ModeBadge, NotOffered } from '@/components/console/operator/merchant-terms';
import { OperatorAccounts } from '@/components/console/operator/operator-accounts';
import { TermsForm } from '@/components/console/operator/terms-form';
import { METHOD_CODES } from '@/lib/methods';

export const metadata: Metadata = { title: 'Merchant · Operator · Merchant console' };

interface OperatorMerchantPageProps {
  /** Raw, as pages get them (route handlers get them decoded). */
  params: Promise<{ code: string }>;
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * One merchant as the operator sees it: its terms, collection accounts and the methods a live
 * merchant cannot be offered yet; the terms to change, an account to add, its first owner to
 * invite, a key to issue.
 */
export default async function OperatorMerchantPage({ params }: OperatorMerchantPageProps) {
  const key = await requireOperator();
  const [{ code: raw }, t] = await Promise.all([params, getTranslations('console.operator')]);
  const code = decoded(raw);
  const loaded = await loadOperatorMerchant(key, code);
  if ('failure' in loaded) {
    if (loaded.failure.status === 401) redirect('/console/operator/sign-in?e=expired');
    return (
      <>
        <h1>{t('merchant.title', { code })}</h1>
        <p className="console-alert" role="alert" data-testid="operator-merchant-failure">
          {loaded.failure.status === 404
            ? t('merchant.notFound', { code })
            : t('merchant.loadFailed', { detail: failureDetail(loaded.failure) })}
        </p>
        <p>
          <Link href="/console/operator">{t('merchant.back')}</Link>
        </p>
      </>
    );
  }
  const merchant = loaded.data;
  return (
    <>
      <p>
        <Link href="/console/operator">{t('merchant.back')}</Link>
      </p>
      <div className="console-card-head">
        <h1>
          {merchant.channelName} <code className="console-muted">{merchant.merchantCode}</code>
        </h1>
        <ModeBadge test={merchant.test} testId="operator-merchant-mode" />
      </div>

      <section className="console-card" aria-labelledby="merchant-terms-heading">
        <h2 id="merchant-terms-heading">{t('merchant.termsTitle')}</h2>
        <MerchantTerms merchant={merchant} />
      </section>

      <section className="console-card" aria-labelledby="merchant-not-offered-heading">
        <h2 id="merchant-not-offered-heading">{t('notOffered.title')}</h2>
        <p className="console-hint">{merchant.test ? t('notOffered.testLead') : t('notOffered.lead')}</p>
        <NotOffered gaps={merchant.notOffered} />
      </section>

      <section aria-labelledby="merchant-accounts-heading">
        <h2 id="merchant-accounts-heading">{t('account.title')}</h2>
        <OperatorAccounts merchantCode={merchant.merchantCode} accounts={merchant.collectionAccounts} />
      </section>

      <div className="console-grid two operator-forms">
        <section className="console-card">
          <AccountForm merchantCode={merchant.merchantCode} />
        </section>
        <section className="console-card">
          <TermsForm merchant={merchant} methods={METHOD_CODES} />
        </section>
        <section className="console-card">
          <InviteOwnerForm merchantCode={merchant.merchantCode} />
        </section>
        <section className="console-card">
          <IssueKeyForm merchantCode={merchant.merchantCode} />
        </section>
      </div>
    </>
  );
}
