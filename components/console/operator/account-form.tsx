'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useForm, useWatch } from 'react-hook-form';
import { RequestProblem, requestProblemOf } from '../request-problem';
import { describedBy, Field } from '../scenarios/field';
import { SubmitButton } from '../submit-button';
import { useOperatorErrorText } from './form-errors';
import { operatorPost } from './operator-fetch';
import {
  ACCOUNT_DEFAULTS,
  ACCOUNT_TYPES,
  accountBodyOf,
  accountFieldOf,
  accountFormSchema,
  accountTemplate,
  type AccountForm as Values,
  type AccountType,
} from './operator-forms';
import { TextField } from './text-field';

/**
 * "Add collection account" (POST /operator/merchants/{code}/collection-accounts): PromptPay from
 * its own fields (THB), every other type as the merchants file's JSON, started from an example of
 * that type. The page is read again after it is added.
 */
export function AccountForm({ merchantCode }: { merchantCode: string }) {
  const t = useTranslations('console.operator.account');
  const router = useRouter();
  const errorText = useOperatorErrorText();
  const form = useForm<Values>({
    resolver: zodResolver(accountFormSchema),
    mode: 'onTouched',
    defaultValues: ACCOUNT_DEFAULTS,
  });
  const type = useWatch({ control: form.control, name: 'type' });
  const add = useMutation({
    mutationFn: (values: Values) =>
      operatorPost<{ id: string }>(
        `/console/bff/operator/merchants/${encodeURIComponent(merchantCode)}/collection-accounts`,
        accountBodyOf(values),
      ),
    onSuccess: () => {
      form.reset(ACCOUNT_DEFAULTS);
      router.refresh();
    },
    onError: (error) => {
      const { errors } = requestProblemOf(error);
      for (const { field, message } of errors) {
        const own = type === 'PROMPTPAY' ? accountFieldOf(field) : undefined;
        if (own) form.setError(own, { type: 'server', message });
      }
      const first = errors[0];
      if (type !== 'PROMPTPAY' && first)
        form.setError('json', { type: 'server', message: `${first.field}: ${first.message}` });
    },
  });
  const errors = form.formState.errors;
  const jsonError = errorText(errors.json);
  const typeField = form.register('type');
  return (
    <form
      className="scenario-form"
      aria-labelledby="account-form-heading"
      noValidate
      data-testid="account-form"
      onSubmit={(event) => {
        add.reset();
        void form.handleSubmit((values) => add.mutate(values))(event);
      }}
    >
      <h2 id="account-form-heading">{t('addTitle')}</h2>
      <p className="console-hint">{t('addLead')}</p>
      <Field id="account-type" label={t('type')}>
        <select
          id="account-type"
          {...typeField}
          onChange={(event) => {
            void typeField.onChange(event);
            const chosen = event.target.value as AccountType;
            form.setValue('json', accountTemplate(chosen));
            form.clearErrors();
          }}
        >
          {ACCOUNT_TYPES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </Field>
      {type === 'PROMPTPAY' ? (
        <div className="scenario-row">
          <TextField
            id="account-id"
            label={t('id')}
            hint={t('idHint')}
            error={errorText(errors.id)}
            registration={form.register('id')}
            maxLength={40}
          />
          <TextField
            id="account-promptPayId"
            label={t('promptPayId')}
            hint={t('promptPayIdHint')}
            error={errorText(errors.promptPayId)}
            registration={form.register('promptPayId')}
            inputMode="numeric"
            maxLength={20}
          />
          <TextField
            id="account-accountName"
            label={t('accountName')}
            hint={t('accountNameHint')}
            error={errorText(errors.accountName)}
            registration={form.register('accountName')}
            maxLength={140}
          />
          <Field id="account-currency" label={t('currency')}>
            <input id="account-currency" value="THB" readOnly />
          </Field>
        </div>
      ) : (
        <Field id="account-json" label={t('json')} hint={t('jsonHint')} error={jsonError}>
          <textarea
            id="account-json"
            rows={12}
            spellCheck={false}
            className="operator-json"
            {...form.register('json')}
            {...describedBy('account-json', { hint: true, error: jsonError })}
          />
        </Field>
      )}
      <RequestProblem error={add.error} title={t('addProblem')} testId="account-problem" />
      <div aria-live="polite">
        {add.isSuccess && (
          <p className="console-hint" data-testid="account-added">
            {t('added', { id: add.data.id })}
          </p>
        )}
      </div>
      <SubmitButton
        pending={add.isPending}
        label={t('add')}
        pendingLabel={t('adding')}
        testId="account-submit"
      />
    </form>
  );
}
