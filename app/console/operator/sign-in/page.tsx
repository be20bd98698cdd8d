import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { isOperatorSignInNotice } from '@/bff/console/operator-session';
import { AuthFrame, AuthNotice } from '@/components/console/auth-frame';
import { single } from '@/lib/checkout/query';

export const metadata: Metadata = { title: 'Operator sign-in · Merchant console' };

interface OperatorSignInPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** The operator's sign-in with the operator API key: a plain form, posted to the console's BFF. */
export default async function OperatorSignInPage({ searchParams }: OperatorSignInPageProps) {
  const [query, t] = await Promise.all([searchParams, getTranslations('console')]);
  const error = single(query, 'e');
  const next = single(query, 'next');
  const retry = single(query, 'retry');
  const notice = isOperatorSignInNotice(error) ? error : undefined;
  return (
    <AuthFrame brand={t('operator.brand')}>
      <h1>{t('operator.signIn.title')}</h1>
      <p className="console-muted">{t('operator.signIn.lead')}</p>
      {notice && (
        <AuthNotice calm={notice === 'signedOut'} testId="operator-sign-in-notice">
          {notice === 'locked'
            ? t('operator.signIn.errors.locked', { seconds: Number(retry ?? 60) })
            : t(`operator.signIn.errors.${notice}`)}
        </AuthNotice>
      )}
      <form method="post" action="/console/bff/operator/sign-in" className="console-form">
        {next && <input type="hidden" name="next" value={next} />}
        <label htmlFor="operator-key">{t('operator.signIn.key')}</label>
        <input
          id="operator-key"
          name="key"
          type="password"
          required
          autoComplete="current-password"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={512}
          aria-describedby="operator-key-hint"
        />
        <p className="console-hint" id="operator-key-hint">
          {t('operator.signIn.keyHint')}
        </p>
        <button type="submit" className="console-button primary">
          {t('operator.signIn.submit')}
        </button>
      </form>
    </AuthFrame>
  );
}
