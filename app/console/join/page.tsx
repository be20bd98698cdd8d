import { getTranslations } from 'next-intl/server';
import { apiRequest, forwardedFor } from '@/bff/console/console-api';
import { isJoinError, PASSWORD_MIN_LENGTH } from '@/lib/console/sign-in';
import { AuthFrame } from '@/components/console/auth-frame';
import { single } from '@/lib/checkout/query';

interface JoinPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * Where an invitation link leads: who invites whom to which shop with which role; the person
 * gives their name and a password, then sets up 2FA (docs/decisions/035).
 */
export default async function JoinPage({ searchParams }: JoinPageProps) {
  const [query, t] = await Promise.all([searchParams, getTranslations('console')]);
  const token = single(query, 'invitation') ?? '';
  const error = single(query, 'e');
  const preview = /^[A-Za-z0-9_-]{20,100}$/.test(token)
    ? await apiRequest('POST', '/console/invitations/!open', {
        body: { token },
        forwardedFor: await forwardedFor(),
      })
    : undefined;
  const invitation =
    preview?.status === 200
      ? (preview.body as { email: string; role: string; channelName: string; expiresAt: string })
      : undefined;
  if (!invitation)
    return (
      <AuthFrame>
        <h1>{t('join.invalidTitle')}</h1>
        <p className="console-alert" role="alert" data-testid="join-invalid">
          {preview?.status === 429 ? t('join.errors.locked') : t('join.errors.invalid')}
        </p>
        <p>
          <a href="/console/sign-in">{t('join.signIn')}</a>
        </p>
      </AuthFrame>
    );
  return (
    <AuthFrame>
      <h1>{t('join.title', { shop: invitation.channelName })}</h1>
      <p className="console-muted">
        {t('join.lead', { email: invitation.email, role: t(`roles.${invitation.role}.name`) })}
      </p>
      <p className="console-hint">{t(`roles.${invitation.role}.description`)}</p>
      {isJoinError(error) && (
        <p className="console-alert" role="alert" data-testid="join-notice">
          {t(`join.errors.${error}`, { min: PASSWORD_MIN_LENGTH })}
        </p>
      )}
      <form method="post" action="/console/bff/join" className="console-form">
        <input type="hidden" name="invitation" value={token} />
        <input type="hidden" name="email" value={invitation.email} autoComplete="username" />
        <label htmlFor="name">{t('join.name')}</label>
        <input id="name" name="name" required autoComplete="name" maxLength={120} />
        <label htmlFor="password">{t('join.password')}</label>
        <input
          id="password"
          name="password"
          type="password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={256}
          autoComplete="new-password"
          aria-describedby="password-hint"
        />
        <p id="password-hint" className="console-hint">
          {t('join.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        </p>
        <label htmlFor="confirm">{t('join.confirm')}</label>
        <input
          id="confirm"
          name="confirm"
          type="password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={256}
          autoComplete="new-password"
        />
        <button type="submit" className="console-button primary">
          {t('join.submit')}
        </button>
      </form>
    </AuthFrame>
  );
}
