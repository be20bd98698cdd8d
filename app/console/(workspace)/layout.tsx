import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { requireSignedIn } from '@/bff/console/pages';
import { ConsoleFrame } from '@/components/console/console-frame';
import { ConsoleNav } from '@/components/console/console-nav';

/** Every signed-in console page: who is signed in, with which role, for which merchant (test or live), the sections, sign-out. */
export default async function WorkspaceLayout({ children }: { children: ReactNode }) {
  const [{ session }, t] = await Promise.all([requireSignedIn(), getTranslations('console')]);
  const person = `${session.user.name} · ${t(`roles.${session.user.role}.name`)}`;
  return (
    <ConsoleFrame
      brand={t('brand')}
      signedIn={
        <>
          {/* Its two parts are items of the header's row (console.css): on a phone the name and mode
              share the brand's line, the code and the person a compact one below; a text too long for
              its line ends in an ellipsis, all of it still in the page and in its title. */}
          <span className="console-merchant console-merchant-parts" data-testid="console-merchant">
            <span className="console-merchant-title">
              <span className="console-merchant-name" title={session.channelName}>
                {session.channelName}
              </span>{' '}
              <span className={`console-mode ${session.isTest ? 'test' : 'live'}`} data-testid="console-mode">
                {session.isTest ? t('mode.test') : t('mode.live')}
              </span>
            </span>{' '}
            <span className="console-who">
              <code className="console-muted" title={session.merchantCode}>
                {session.merchantCode}
              </code>{' '}
              <span className="console-person" data-testid="console-person" title={person}>
                {person}
              </span>
            </span>
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
