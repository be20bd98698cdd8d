import { getTranslations } from 'next-intl/server';
import { single } from '@/lib/checkout/query';
import { isSignInError } from '@/lib/console/sign-in';
import { AuthFrame, AuthNotice } from '@/components/console/auth-frame';

interface SignInPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** Sign-in with e-mail and password (then a code): a plain form, posted to the console's BFF. */
export default async function SignInPage({ searchParams }: SignInPageProps) {
  const [query, t] = await Promise.all([searchParams, getTranslations('console')]);
  const error = single(query, 'e');
  const next = single(query, 'next');
  const retry = single(query, 'retry');
  const notice = isSignInError(error) ? error : undefined;
  return (
    <AuthFrame>
      <h1>{t('signIn.title')}</h1>
      <p className="console-muted">{t('signIn.lead')}</p>
      {notice && (
        <AuthNotice calm={notice.startsWith('signedOut')} testId="sign-in-notice">
          {notice === 'locked'
            ? t('signIn.errors.locked', { seconds: Number(retry ?? 60) })
            : t(`signIn.errors.${notice}`)}
        </AuthNotice>
      )}
      <form method="post" action="/console/bff/sign-in" className="console-form">
        {next && <input type="hidden" name="next" value={next} />}
        <label htmlFor="email">{t('signIn.email')}</label>
        <input
          id="email"
          name="email"
          type="email"
          required
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
        />
        <label htmlFor="password">{t('signIn.password')}</label>
        <input
          id="password"
          name="password"
          type="password"
          required
          autoComplete="current-password"
          maxLength={256}
        />
        <p className="console-hint">{t('signIn.passwordHint')}</p>
        <button type="submit" className="console-button primary">
          {t('signIn.submit')}
        </button>
      </form>
      <p className="console-hint">
        {t('signIn.newHere')} <a href="/console/operator">{t('signIn.operator')}</a>
      </p>
    </AuthFrame>
  );
}
