'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { OperatorMerchantResource } from '@/lib/api/operator-responses';
import { RequestProblem, requestProblemOf } from '../request-problem';
import { SubmitButton } from '../submit-button';
import { useOperatorErrorText } from './form-errors';
import { MerchantTermsFields } from './merchant-terms-fields';
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
      for (const { field, message } of requestProblemOf(error).errors) {
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
      <MerchantTermsFields
        id="terms"
        kind="edit"
        methods={methods}
        register={(name) => form.register(name)}
        errors={errors}
      />
      <div aria-live="polite">
        {unchanged && <p className="console-note">{t('merchant.unchanged')}</p>}
        {save.isSuccess && (
          <p className="console-hint" data-testid="terms-saved">
            {t('merchant.saved')}
          </p>
        )}
      </div>
      <RequestProblem error={save.error} title={t('merchant.editProblem')} testId="terms-problem" />
      <SubmitButton pending={save.isPending} label={t('merchant.save')} pendingLabel={t('merchant.saving')} />
    </form>
  );
}
