'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import { RequestProblem, requestProblemOf } from '../request-problem';
import { SubmitButton } from '../submit-button';
import { useOperatorErrorText } from './form-errors';
import { operatorPost } from './operator-fetch';
import { keyFormSchema, type KeyForm as Values } from './operator-forms';
import { ShownOnce } from './shown-once';
import { TextField } from './text-field';

/**
 * "Issue API key" (POST /operator/merchants/{code}/api-keys): a key with every permission, for a
 * merchant that lost its keys; its secret is shown here once.
 */
export function IssueKeyForm({ merchantCode }: { merchantCode: string }) {
  const t = useTranslations('console.operator.key');
  const shownOnce = useTranslations('console.operator')('shownOnceWarning');
  const errorText = useOperatorErrorText();
  const form = useForm<Values>({
    resolver: zodResolver(keyFormSchema),
    mode: 'onTouched',
    defaultValues: { name: '' },
  });
  const issue = useMutation({
    mutationFn: (values: Values) =>
      operatorPost<{ idKey: string; name: string; secret: string }>(
        `/console/bff/operator/merchants/${encodeURIComponent(merchantCode)}/api-keys`,
        { name: values.name.trim() },
      ),
    onSuccess: () => form.reset({ name: '' }),
    onError: (error) => {
      for (const { field, message } of requestProblemOf(error).errors)
        if (field === 'name') form.setError('name', { type: 'server', message });
    },
  });
  return (
    <form
      className="scenario-form"
      aria-labelledby="key-form-heading"
      noValidate
      data-testid="key-form"
      onSubmit={(event) => {
        issue.reset();
        void form.handleSubmit((values) => issue.mutate(values))(event);
      }}
    >
      <h2 id="key-form-heading">{t('title')}</h2>
      <p className="console-hint">{t('lead')}</p>
      <TextField
        id="key-name"
        label={t('name')}
        hint={t('nameHint')}
        error={errorText(form.formState.errors.name)}
        registration={form.register('name')}
        maxLength={100}
      />
      <RequestProblem error={issue.error} title={t('problem')} testId="key-problem" />
      <div aria-live="polite">
        {issue.data && (
          <ShownOnce
            title={t('secret', { name: issue.data.name, idKey: issue.data.idKey })}
            value={issue.data.secret}
            warning={shownOnce}
            testId="issued-key"
          />
        )}
      </div>
      <SubmitButton pending={issue.isPending} label={t('submit')} pendingLabel={t('issuing')} />
    </form>
  );
}
