'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { StatementMappingResource } from '@/lib/api/statement-mapping-responses';
import type { CurrencyCode } from '@/lib/money';
import { SAVED_LAYOUT, statementMappingPath } from '@/lib/console/collection';
import type { StatementForm } from '@/lib/console/collection-forms';
import {
  csvPresetOf,
  csvPresetsFor,
  GENERIC_COLUMNS,
  GENERIC_LAYOUT,
  isCsvPresetId,
  presetRequiredHeaders,
  statementTemplate,
  type CsvPresetId,
  type StatementMapping,
} from '@/lib/statements';
import { consoleFetch, FRESH_MS } from '../console-fetch';
import { describedBy, Field } from '../scenarios/field';

export const statementMappingKey = (account: string) => ['statement-mapping', account] as const;

/** The preset a layout choice reads with, if a bank's (the saved mapping's preset for "saved"). */
function presetOfLayout(layout: string, saved: StatementMapping | null): CsvPresetId | undefined {
  const id = layout === SAVED_LAYOUT ? saved?.preset : layout;
  return id !== undefined && isCsvPresetId(id) ? id : undefined;
}

/**
 * How the statement's columns are read (docs/decisions/040): the mapping saved for the account,
 * our CSV layout, or a bank's export (those of the account's currency first); which columns that
 * needs, its template, and whether to remember the choice for the account.
 */
export function StatementLayoutField({
  form,
  currency,
}: {
  form: UseFormReturn<StatementForm>;
  currency: CurrencyCode | undefined;
}) {
  const t = useTranslations('console.collection.import');
  const [account, layout, format] = useWatch({
    control: form.control,
    name: ['account', 'layout', 'format'],
  });
  const csv = format !== 'camt053';
  const saved = useQuery({
    queryKey: statementMappingKey(account),
    queryFn: () => consoleFetch<StatementMappingResource>(statementMappingPath(account)),
    enabled: account !== '',
    staleTime: FRESH_MS,
  });
  const savedMapping = saved.data?.accountId === account ? saved.data.mapping : null;
  const hasSaved = savedMapping !== null && savedMapping.preset !== GENERIC_LAYOUT;

  // Another account, or its saved mapping just known: its default, unless the merchant chose already.
  const shownFor = useRef(account);
  useEffect(() => {
    const switched = shownFor.current !== account;
    shownFor.current = account;
    if (switched || !form.getFieldState('layout').isDirty)
      form.resetField('layout', { defaultValue: hasSaved ? SAVED_LAYOUT : GENERIC_LAYOUT });
  }, [account, hasSaved, form]);

  const presets = csvPresetsFor(currency);
  const ofCurrency = presets.filter((preset) => preset.currency === currency);
  const others = presets.filter((preset) => preset.currency !== currency);
  const preset = presetOfLayout(layout, savedMapping);
  const customSaved = layout === SAVED_LAYOUT && preset === undefined && savedMapping?.columns !== undefined;
  const needs = preset
    ? t('columnsPreset', {
        bank: csvPresetOf(preset).bank,
        columns: presetRequiredHeaders(csvPresetOf(preset))
          .map((names) => names.join(' / '))
          .join(t('columnsAnd')),
      })
    : customSaved
      ? t('columnsSaved')
      : t('columnsGeneric', {
          required: GENERIC_COLUMNS.required.join(', '),
          optional: GENERIC_COLUMNS.optional.join(', '),
        });
  const template = statementTemplate(preset);
  const savedName =
    savedMapping?.preset && isCsvPresetId(savedMapping.preset)
      ? csvPresetOf(savedMapping.preset).bank
      : t('layoutCustom');

  return (
    <div className="scenario-row">
      <Field id="statement-layout" label={t('layout')} hint={csv ? needs : t('layoutCsvOnly')}>
        <select
          id="statement-layout"
          disabled={!csv}
          data-testid="statement-layout"
          {...form.register('layout')}
          {...describedBy('statement-layout', { hint: true })}
        >
          {hasSaved && <option value={SAVED_LAYOUT}>{t('layoutSaved', { name: savedName })}</option>}
          <option value={GENERIC_LAYOUT}>{t('layoutGeneric')}</option>
          {ofCurrency.length > 0 && (
            <optgroup label={t('layoutCurrencyBanks', { currency: currency ?? '' })}>
              {ofCurrency.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.bank}
                </option>
              ))}
            </optgroup>
          )}
          <optgroup label={t('layoutOtherBanks')}>
            {others.map((option) => (
              <option key={option.id} value={option.id}>
                {option.bank} ({option.currency})
              </option>
            ))}
          </optgroup>
        </select>
        <p className="console-hint">
          <a
            href={`data:text/csv;charset=utf-8,${encodeURIComponent(template.text)}`}
            download={template.fileName}
            data-testid="statement-template"
          >
            {t('template')}
          </a>
        </p>
      </Field>
      <div className="scenario-field">
        <label className="scenario-check">
          <input
            type="checkbox"
            disabled={!csv || layout === SAVED_LAYOUT}
            data-testid="statement-remember"
            {...form.register('remember')}
            aria-describedby="statement-remember-hint"
          />{' '}
          {t('remember')}
        </label>
        <p className="console-hint" id="statement-remember-hint">
          {t('rememberHint')}
        </p>
      </div>
    </div>
  );
}
