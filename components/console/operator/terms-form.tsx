'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { OperatorMerchantResource } from '@/lib/api/operator-responses';
import { problemOf } from '@/lib/console/scenario';
import { ConsoleRequestError } from '../console-fetch';
import { ProblemBox } from '../scenarios/problem-box';
import { useOperatorErrorText } from './form-errors';
import { MethodChecklist } from './method-checklist';
import { operatorPost } from './operator-fetch';
import {
  merchantFieldOf,
  termsFormOf,
  termsFormSchema,
  termsPatchOf,
  type TermsForm as Values,
} from './operator-forms';
import { TextField } from './text-field';

/**
 * A merchant's terms (PATCH /operator/merchants/{code}): only what changed is sent, an emptied
 * field clears its term. The page is read again after the change.
 */
export function TermsForm({
  merchant,
  methods,
}: {
  merchant: OperatorMerchantResource;
  methods: readonly string[];
}) {
  const t = useTranslations('console.operator');
  const router = useRouter();
  const errorText = useOperatorErrorText();
  const [unchanged, setUnchanged] = useState(false);
  const form = useForm<Values>({
    resolver: zodResolver(termsFormSchema),
    mode: 'onTouched',
    defaultValues: termsFormOf(merchant),
  });
  const path = `/console/bff/operator/merchants/${encodeURIComponent(merchant.merchantCode)}` as const;
  const save = useMutation({
    mutationFn: (patch: Record<string, unknown>) => operatorPost<OperatorMerchantResource>(path, patch),
    onSuccess: (changed) => {
      form.reset(termsFormOf(changed));
      router.refresh();
    },
    onError: (error) => {
      if (!(error instanceof ConsoleRequestError)) return;
      for (const { field, message } of problemOf(error.status, error.problem).errors) {
        const own = merchantFieldOf(field);
        if (own && own !== 'merchantCode' && own !== 'mode') form.setError(own, { type: 'server', message });
      }
    },
  });
  const errors = form.formState.errors;
  return (
    <form
      className="scenario-form"
      aria-labelledby="terms-form-heading"
      noValidate
      data-testid="terms-form"
      onSubmit={(event) => {
        save.reset();
        setUnchanged(false);
        void form.handleSubmit((values) => {
          const patch = termsPatchOf(merchant, values);
          if (Object.keys(patch).length === 0) setUnchanged(true);
          else save.mutate(patch);
        })(event);
      }}
    >
      <h2 id="terms-form-heading">{t('merchant.editTitle')}</h2>
      <TextField
        id="terms-channelName"
        label={t('fields.channelName')}
        error={errorText(errors.channelName)}
        registration={form.register('channelName')}
        maxLength={120}
      />
      <MethodChecklist
        id="terms"
        legend={t('fields.paymentMethods')}
        error={errorText(errors.paymentMethods)}
        methods={methods}
        registration={form.register('paymentMethods')}
      />
      <div className="scenario-row">
        <TextField
          id="terms-feePercent"
          label={t('fields.feePercent')}
          hint={t('fields.feePercentEditHint')}
          error={errorText(errors.feePercent)}
          registration={form.register('feePercent')}
          inputMode="decimal"
        />
        <TextField
          id="terms-vatPercent"
          label={t('fields.vatPercent')}
          hint={t('fields.clearHint')}
          error={errorText(errors.vatPercent)}
          registration={form.register('vatPercent')}
          inputMode="decimal"
        />
        <TextField
          id="terms-settlementDelaySeconds"
          label={t('fields.settlementDelaySeconds')}
          hint={t('fields.settlementDelayHint')}
          error={errorText(errors.settlementDelaySeconds)}
          registration={form.register('settlementDelaySeconds')}
          inputMode="numeric"
        />
      </div>
      <div aria-live="polite">
        {unchanged && <p className="console-note">{t('merchant.unchanged')}</p>}
        {save.isSuccess && (
          <p className="console-hint" data-testid="terms-saved">
            {t('merchant.saved')}
          </p>
        )}
      </div>
      {save.error && (
        <ProblemBox
          title={t('merchant.editProblem')}
          testId="terms-problem"
          problem={
            save.error instanceof ConsoleRequestError
              ? problemOf(save.error.status, save.error.problem)
              : problemOf(0, { detail: save.error.message })
          }
        />
      )}
      <div className="console-actions">
        <button type="submit" className="console-button primary" disabled={save.isPending}>
          {save.isPending ? t('merchant.saving') : t('merchant.save')}
        </button>
      </div>
    </form>
  );
}
