import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { requireSignedIn } from '@/bff/console/pages';
import { ConsoleFrame } from '@/components/console/console-frame';
import { ConsoleNav } from '@/components/console/console-nav';

/** Every signed-in console page: who is signed in, with which role, for which merchant (test or live), the sections, sign-out. */
export default async function WorkspaceLayout({ children }: { children: ReactNode }) {
  const [{ session }, t] = await Promise.all([requireSignedIn(), getTranslations('console')]);
  return (
    <ConsoleFrame
      brand={t('brand')}
      signedIn={
        <>
          <span className="console-merchant" data-testid="console-merchant">
            <span>{session.channelName}</span> <code className="console-muted">{session.merchantCode}</code>{' '}
            <span className={`console-mode ${session.isTest ? 'test' : 'live'}`} data-testid="console-mode">
              {session.isTest ? t('mode.test') : t('mode.live')}
            </span>
          </span>
          <span className="console-person" data-testid="console-person">
            {session.user.name} · {t(`roles.${session.user.role}.name`)}
          </span>
        </>
      }
      signOutAction="/console/bff/sign-out"
      nav={<ConsoleNav isTest={session.isTest} permissions={session.permissions} />}
    >
      {/* Inside main: content outside every landmark fails axe's region rule. */}
      {!session.isTest && (
        <p className="console-note console-live-note" role="note">
          {t('liveNote')}
        </p>
      )}
      {children}
    </ConsoleFrame>
  );
}
