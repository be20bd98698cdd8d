import { getLocale, getTranslations } from 'next-intl/server';
import { requireSignedIn } from '@/bff/console/pages';
import { allows } from '@/bff/console/session';
import { failureDetail } from '@/bff/console/receiver';
import { ConsolePager } from '@/components/console/console-pager';
import { formatInstant } from '@/components/console/console-fetch';
import type { AuditEventResource } from '@/lib/api/audit-responses';
import { NotPermitted } from '@/components/console/not-permitted';

interface AuditPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const CURSOR = /^[A-Za-z0-9._~-]{1,512}$/;

/** The merchant's audit log (docs/decisions/034): who did what, when, from where; newest first. */
export default async function AuditPage({ searchParams }: AuditPageProps) {
  const [{ api, session }, query, t, locale] = await Promise.all([
    requireSignedIn(),
    searchParams,
    getTranslations('console.audit'),
    getLocale(),
  ]);
  if (!allows(session, 'audit.read')) return <NotPermitted title={t('title')} note={t('notPermitted')} />;
  const cursor = typeof query.cursor === 'string' && CURSOR.test(query.cursor) ? query.cursor : undefined;
  const reply = await api.call('GET', `/audit-events?limit=50${cursor ? `&cursor=${cursor}` : ''}`);
  const page =
    reply.status === 200 ? (reply.body as { data: AuditEventResource[]; nextCursor?: string }) : undefined;
  const actor = (event: AuditEventResource) => {
    switch (event.actor.type) {
      case 'USER':
        return t('actor.user', { name: event.actor.name ?? '' });
      case 'API_KEY':
        return t('actor.key', { id: event.actor.idKey ?? '' });
      case 'OPERATOR':
        return t('actor.operator');
      default:
        return t('actor.secret');
    }
  };
  return (
    <>
      <h1>{t('title')}</h1>
      <p className="console-hint">{t('lead')}</p>
      {!page && (
        <p className="console-alert" role="alert">
          {t('loadFailed', { detail: failureDetail(reply) })}
        </p>
      )}
      {page && page.data.length === 0 && <p className="console-muted">{t('none')}</p>}
      {page && page.data.length > 0 && (
        <div className="console-table-wrap" tabIndex={0} role="region" aria-label={t('title')}>
          <table className="console-table" data-testid="audit-events">
            <thead>
              <tr>
                <th scope="col">{t('when')}</th>
                <th scope="col">{t('who')}</th>
                <th scope="col">{t('what')}</th>
                <th scope="col">{t('details')}</th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((event) => (
                <tr key={event.idEvent}>
                  <td>{formatInstant(locale, event.occurredAt, session.timeZone)}</td>
                  <td>
                    {actor(event)}
                    <br />
                    <span className="console-muted">{event.clientAddress}</span>
                  </td>
                  <td>
                    <code>{event.action}</code>
                    {event.target && (
                      <>
                        <br />
                        <code className="console-muted">{event.target}</code>
                      </>
                    )}
                  </td>
                  <td>
                    {Object.keys(event.details).length > 0 && (
                      <pre className="console-pre">{JSON.stringify(event.details, null, 1)}</pre>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page && (
        <ConsolePager
          path="/console/audit"
          nextCursor={page.nextCursor}
          live={cursor === undefined}
          text={{ pages: t('pages'), newest: t('newest'), older: t('older'), liveHint: t('liveHint') }}
        />
      )}
    </>
  );
}
