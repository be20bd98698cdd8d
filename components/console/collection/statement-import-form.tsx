'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useForm, useWatch } from 'react-hook-form';
import type { CollectionAccountResource, CollectionIngestResource } from '@/lib/api/collection-responses';
import {
  statementContentType,
  statementMappingPath,
  statementQuery,
  type StatementFormat,
} from '@/lib/console/collection';
import {
  mappingToRemember,
  statementFormatOfForm,
  statementFormSchema,
  type StatementForm,
} from '@/lib/console/collection-forms';
import { GENERIC_LAYOUT } from '@/lib/statements';
import { consoleFetch, ConsoleRequestError } from '../console-fetch';
import { requestProblemOf } from '../request-problem';
import { ProblemBox } from '../scenarios/problem-box';
import { describedBy, Field } from '../scenarios/field';
import { SubmitButton } from '../submit-button';
import { useCollectionErrorText } from './form-errors';
import { COLLECTION_KEY } from './collection-table';
import { ImportSummary } from './import-summary';
import { StatementLayoutField, statementMappingKey } from './statement-layout-field';

/** Refusals of a whole file: the API (or the console's BFF) stored none of it. */
const REFUSED_WHOLE = new Set([400, 413, 415]);

/**
 * "Import a statement": the file's text through the console's BFF to POST /collection/statements,
 * the format from the file's extension unless the merchant says otherwise, a CSV's layout (the
 * account's saved mapping, ours or a bank's preset: docs/decisions/040), remembered for the account
 * once the import succeeds if the merchant asks, a time zone for dates without one only if the
 * merchant gives one (the API reads them in the account's home time). Then what became of each
 * credit, or every problem the API named.
 */
export function StatementImportForm({ accounts }: { accounts: readonly CollectionAccountResource[] }) {
  const t = useTranslations('console.collection.import');
  const errorText = useCollectionErrorText();
  const client = useQueryClient();
  const form = useForm<StatementForm>({
    resolver: zodResolver(statementFormSchema),
    mode: 'onTouched',
    defaultValues: {
      account: accounts[0]?.id ?? '',
      format: '',
      timeZone: '',
      layout: GENERIC_LAYOUT,
      remember: false,
    },
  });
  const chosen = useWatch({ control: form.control, name: 'account' });
  const currency = accounts.find((account) => account.id === chosen)?.currencyCode;

  const send = useMutation({
    mutationFn: async (values: StatementForm) => {
      const file = values.file[0];
      if (!file) throw new Error('No file chosen.');
      const format: StatementFormat = statementFormatOfForm(values);
      const query = statementQuery({
        account: values.account,
        format,
        timeZone: values.timeZone,
        layout: values.layout,
      });
      const result = await consoleFetch<CollectionIngestResource>(
        `/console/bff/api/collection/statements?${query}`,
        { method: 'POST', file: { text: await file.text(), contentType: statementContentType(format) } },
      );
      // The layout read the file: remember it for the account, as the merchant asked.
      const mapping = mappingToRemember(values);
      let remembered: { ok: true } | { ok: false; detail: string } | undefined;
      if (mapping)
        remembered = await consoleFetch(statementMappingPath(values.account), {
          method: 'PUT',
          body: mapping,
        })
          .then(() => ({ ok: true as const }))
          .catch((error: Error) => ({ ok: false as const, detail: requestProblemOf(error).detail ?? '' }));
      return { result, remembered, account: values.account };
    },
    onSuccess: ({ remembered, account }) => {
      void client.invalidateQueries({ queryKey: COLLECTION_KEY });
      void client.invalidateQueries({ queryKey: ['balances'] });
      if (remembered?.ok) void client.invalidateQueries({ queryKey: statementMappingKey(account) });
    },
  });

  const errors = form.formState.errors;
  const accountError = errorText(errors.account);
  const fileError = errorText(errors.file as Parameters<typeof errorText>[0]);
  const formatError = errorText(errors.format);
  const timeZoneError = errorText(errors.timeZone);
  const problem = send.error ? requestProblemOf(send.error) : undefined;

  return (
    <>
      <form
        className="scenario-form"
        aria-label={t('title')}
        noValidate
        onSubmit={(event) => {
          send.reset();
          void form.handleSubmit((values) => send.mutate(values))(event);
        }}
      >
        <p className="console-hint">{t('hint')}</p>
        <div className="scenario-row">
          <Field id="statement-account" label={t('account')} error={accountError}>
            <select
              id="statement-account"
              {...form.register('account')}
              {...describedBy('statement-account', { error: accountError })}
            >
              {accounts.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.accountName} ({account.id}, {account.currencyCode})
                </option>
              ))}
            </select>
          </Field>
          <Field id="statement-file" label={t('file')} hint={t('fileHint')} error={fileError}>
            <input
              id="statement-file"
              type="file"
              accept=".csv,.xml,text/csv,application/xml,text/xml"
              {...form.register('file')}
              {...describedBy('statement-file', { hint: true, error: fileError })}
            />
          </Field>
        </div>
        <StatementLayoutField form={form} currency={currency} />
        <div className="scenario-row">
          <Field id="statement-format" label={t('format')} error={formatError}>
            <select
              id="statement-format"
              {...form.register('format')}
              {...describedBy('statement-format', { error: formatError })}
            >
              <option value="">{t('formatAuto')}</option>
              <option value="csv">{t('formatCsv')}</option>
              <option value="camt053">{t('formatCamt')}</option>
            </select>
          </Field>
          <Field id="statement-timeZone" label={t('timeZone')} hint={t('timeZoneHint')} error={timeZoneError}>
            <input
              id="statement-timeZone"
              type="text"
              autoComplete="off"
              spellCheck={false}
              {...form.register('timeZone')}
              {...describedBy('statement-timeZone', { hint: true, error: timeZoneError })}
            />
          </Field>
        </div>
        {problem && (
          <div data-testid="statement-refused">
            {send.error instanceof ConsoleRequestError && REFUSED_WHOLE.has(send.error.status) && (
              <p className="console-alert" data-testid="statement-nothing-stored">
                <strong>{t('nothingStored')}</strong>
              </p>
            )}
            <ProblemBox title={t('problemTitle')} testId="statement-problem" problem={problem} />
          </div>
        )}
        <SubmitButton
          pending={send.isPending}
          label={t('submit')}
          pendingLabel={t('submitting')}
          testId="statement-submit"
        />
      </form>
      {send.data?.remembered && (
        <p
          className={send.data.remembered.ok ? 'console-hint' : 'console-alert'}
          role="status"
          data-testid="statement-remembered"
        >
          {send.data.remembered.ok
            ? t('remembered')
            : t('rememberFailed', { detail: send.data.remembered.detail })}
        </p>
      )}
      {send.data && <ImportSummary result={send.data.result} />}
    </>
  );
}
