import { getTranslations } from 'next-intl/server';
import { requireSignedIn } from '@/bff/console/pages';
import { allows } from '@/bff/console/session';
import { TeamView } from '@/components/console/people/team-view';
import type { TeamResource } from '@/lib/api/console-responses';
import { NotPermitted } from '@/components/console/not-permitted';

/** The merchant's team: people, their roles and 2FA, open invitations (owners and admins). */
export default async function TeamPage() {
  const [{ api, session }, t] = await Promise.all([requireSignedIn(), getTranslations('console.team')]);
  if (!allows(session, 'team.manage')) return <NotPermitted title={t('title')} note={t('notPermitted')} />;
  const team = await api.console('GET', '/console/team');
  return (
    <>
      <h1>{t('title')}</h1>
      <p className="console-hint">{t('lead')}</p>
      {team.status === 200 ? (
        <TeamView initial={team.body as TeamResource} me={session.user} />
      ) : (
        <p className="console-alert" role="alert">
          {t('loadFailed')}
        </p>
      )}
    </>
  );
}
