import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireSignedIn } from '@/bff/console/pages';
import { allows } from '@/bff/console/session';
import { EXPORT_FORMATS, MAX_EXPORT_DAYS } from '@/lib/api/export-kinds';
import { defaultExportForm, EXPORT_KINDS, todayIn } from '@/lib/console/exports';
import { NotPermitted } from '@/components/console/not-permitted';

export const metadata: Metadata = { title: 'Exports · Merchant console' };

interface ExportsPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const PROBLEMS = ['kind', 'date', 'order', 'length', 'role', 'failed'] as const;
const text = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * Exports and the settlement report (docs/decisions/045): a plain GET form whose answer is the file,
 * streamed from the API in the merchant's time zone; owners, admins and finance.
 */
export default async function ExportsPage({ searchParams }: ExportsPageProps) {
  const [{ session }, query, t] = await Promise.all([
    requireSignedIn(),
    searchParams,
    getTranslations('console.exports'),
  ]);
  if (!allows(session, 'exports.read')) return <NotPermitted title={t('title')} note={t('notPermitted')} />;
  // Back from the download with a problem: the form as it was sent.
  const initial = defaultExportForm(todayIn(session.timeZone));
  const problem = PROBLEMS.find((known) => known === text(query.problem));
  return (
    <>
      <h1>{t('title')}</h1>
      <p className="console-hint">{t('lead', { timeZone: session.timeZone, days: MAX_EXPORT_DAYS })}</p>
      {problem && (
        <p className="console-alert" role="alert" data-testid="export-problem" data-problem={problem}>
          {t(`problems.${problem}`, { days: MAX_EXPORT_DAYS })}
        </p>
      )}
      <form
        method="get"
        action="/console/exports/download"
        className="console-filters"
        aria-label={t('title')}
      >
        <label>
          {t('kind')}
          <select name="kind" defaultValue={text(query.kind) ?? initial.kind} data-testid="export-kind">
            {EXPORT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kinds.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('from')}
          <input
            type="date"
            name="from"
            required
            defaultValue={text(query.from) ?? initial.from}
            data-testid="export-from"
          />
        </label>
        <label>
          {t('to')}
          <input
            type="date"
            name="to"
            required
            defaultValue={text(query.to) ?? initial.to}
            data-testid="export-to"
          />
        </label>
        <label>
          {t('format')}
          <select
            name="format"
            defaultValue={text(query.format) ?? initial.format}
            data-testid="export-format"
          >
            {EXPORT_FORMATS.map((format) => (
              <option key={format} value={format}>
                {t(`formats.${format}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="console-button primary" data-testid="export-download">
          {t('download')}
        </button>
      </form>
      <ul className="console-hint">
        {EXPORT_KINDS.map((kind) => (
          <li key={kind}>
            <strong>{t(`kinds.${kind}`)}</strong>: {t(`descriptions.${kind}`)}
          </li>
        ))}
      </ul>
    </>
  );
}
