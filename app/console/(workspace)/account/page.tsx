import { getTranslations } from 'next-intl/server';
import { requireSignedIn } from '@/bff/console/pages';
import { allows } from '@/bff/console/session';
import { TimeZoneSetting } from '@/components/console/people/time-zone-setting';
import { timeZoneChoices } from '@/lib/format/time-zone';

/** The signed-in person: who they are, what their role allows, the merchant's time zone, and signing out of every device. */
export default async function AccountPage() {
  const [{ session }, t, roles] = await Promise.all([
    requireSignedIn(),
    getTranslations('console.account'),
    getTranslations('console.roles'),
  ]);
  return (
    <>
      <h1>{t('title')}</h1>
      <section className="console-card" aria-labelledby="account-you">
        <h2 id="account-you">{t('you')}</h2>
        <dl className="console-kv">
          <dt>{t('name')}</dt>
          <dd>{session.user.name}</dd>
          <dt>{t('email')}</dt>
          <dd>{session.user.email}</dd>
          <dt>{t('role')}</dt>
          <dd data-testid="account-role">{roles(`${session.user.role}.name`)}</dd>
        </dl>
        <p className="console-hint">{roles(`${session.user.role}.description`)}</p>
      </section>
      <section className="console-card" aria-labelledby="account-settings">
        <h2 id="account-settings">{t('settingsTitle')}</h2>
        {allows(session, 'team.manage') ? (
          <TimeZoneSetting current={session.timeZone} choices={timeZoneChoices()} />
        ) : (
          <p>{t('timeZoneIs', { zone: session.timeZone })}</p>
        )}
      </section>
      <section className="console-card" aria-labelledby="account-sessions">
        <h2 id="account-sessions">{t('sessionsTitle')}</h2>
        <p>{t('sessionsLead')}</p>
        <form method="post" action="/console/bff/sign-out">
          <input type="hidden" name="everywhere" value="true" />
          <button type="submit" className="console-button danger" data-testid="sign-out-everywhere">
            {t('signOutEverywhere')}
          </button>
        </form>
      </section>
    </>
  );
}
