import { getTranslations } from 'next-intl/server';
import { CALLBACK_DELIVERY_STATUSES } from '@/lib/api/responses';
import type { CallbackLogFilters } from '@/lib/console/callback-log';
import { FilterSelect } from '../filter-select';

/** The log's filters: a plain GET form, so it works before scripts load and from the keyboard. */
export async function CallbackFilters({ filters }: { filters: CallbackLogFilters }) {
  const t = await getTranslations('console.callbacks');
  return (
    <form
      method="get"
      action="/console/callbacks"
      className="console-filters"
      aria-label={t('filters.label')}
    >
      <label>
        {t('filters.idPayin')}
        <input name="idPayin" defaultValue={filters.idPayin ?? ''} autoComplete="off" spellCheck={false} />
      </label>
      <FilterSelect
        label={t('filters.status')}
        name="status"
        value={filters.status}
        anyLabel={t('filters.anyStatus')}
        options={CALLBACK_DELIVERY_STATUSES.map((status) => ({
          value: status,
          label: t(`status.${status}`),
        }))}
      />
      <button type="submit" className="console-button">
        {t('filters.apply')}
      </button>
      {(filters.idPayin || filters.status) && (
        <a href="/console/callbacks" className="console-button">
          {t('filters.clear')}
        </a>
      )}
    </form>
  );
}
