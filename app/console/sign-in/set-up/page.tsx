import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { apiRequest } from '@/bff/console/console-api';
import { sessionSecret } from '@/bff/console/session';
import { SecondFactorSetUp } from '@/components/console/people/second-factor-set-up';
import { afterSignIn } from '@/lib/console/sign-in';
import { AuthFrame } from '@/components/console/auth-frame';

interface SetUpPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * Setting up 2FA, before the console opens for the first time: the QR code and the secret for an
 * authenticator app, a code to confirm, then the recovery codes, shown once.
 */
export default async function SetUpPage({ searchParams }: SetUpPageProps) {
  const [query, t, secret] = await Promise.all([searchParams, getTranslations('console'), sessionSecret()]);
  if (!secret) redirect('/console/sign-in?e=expired');
  const enrolment = await apiRequest('GET', '/console/sign-in/enrolment', { token: secret });
  const body = enrolment.body as { secret?: string; otpauthUri?: string; email?: string } | undefined;
  if (enrolment.status !== 200 || !body?.secret || !body.otpauthUri) redirect('/console/sign-in?e=expired');
  const next = afterSignIn(typeof query.next === 'string' ? query.next : undefined);
  return (
    <AuthFrame>
      <h1>{t('signIn.setUp.title')}</h1>
      <p className="console-muted">{t('signIn.setUp.lead', { email: body.email ?? '' })}</p>
      <SecondFactorSetUp secret={body.secret} otpauthUri={body.otpauthUri} next={next} />
    </AuthFrame>
  );
}
