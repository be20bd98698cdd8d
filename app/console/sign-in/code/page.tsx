import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { sessionSecret } from '@/bff/console/session';
import { isSignInError } from '@/lib/console/sign-in';
import { AuthFrame, AuthNotice } from '@/components/console/auth-frame';
import { single } from '@/lib/checkout/query';

interface CodePageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** The second step of a sign-in: the code from the authenticator app, or a recovery code. */
export default async function CodePage({ searchParams }: CodePageProps) {
  const [query, t, secret] = await Promise.all([searchParams, getTranslations('console'), sessionSecret()]);
  if (!secret) redirect('/console/sign-in?e=expired');
  const error = single(query, 'e');
  const next = single(query, 'next');
  const notice = isSignInError(error) ? error : undefined;
  return (
    <AuthFrame>
      <h1>{t('signIn.code.title')}</h1>
      <p className="console-muted">{t('signIn.code.lead')}</p>
      {notice && (
        <AuthNotice calm={false} testId="sign-in-notice">
          {notice === 'locked'
            ? t('signIn.errors.locked', { seconds: Number(single(query, 'retry') ?? 60) })
            : t(`signIn.errors.${notice}`)}
        </AuthNotice>
      )}
      <form method="post" action="/console/bff/second-factor" className="console-form">
        {next && <input type="hidden" name="next" value={next} />}
        <label htmlFor="code">{t('signIn.code.label')}</label>
        <input
          id="code"
          name="code"
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]{6,7}"
          maxLength={7}
          autoFocus
        />
        <button type="submit" className="console-button primary">
          {t('signIn.code.submit')}
        </button>
      </form>
      <details className="console-recovery">
        <summary>{t('signIn.code.recoveryTitle')}</summary>
        <form method="post" action="/console/bff/second-factor" className="console-form">
          {next && <input type="hidden" name="next" value={next} />}
          <label htmlFor="recoveryCode">{t('signIn.code.recoveryLabel')}</label>
          <input
            id="recoveryCode"
            name="recoveryCode"
            required
            autoComplete="off"
            spellCheck={false}
            maxLength={20}
          />
          <p className="console-hint">{t('signIn.code.recoveryHint')}</p>
          <button type="submit" className="console-button">
            {t('signIn.code.recoverySubmit')}
          </button>
        </form>
      </details>
      <p className="console-hint">
        <a href="/console/sign-in">{t('signIn.startOver')}</a>
      </p>
    </AuthFrame>
  );
}
