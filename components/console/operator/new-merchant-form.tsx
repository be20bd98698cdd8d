'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import { RequestProblem, requestProblemOf } from '../request-problem';
import { SubmitButton } from '../submit-button';
import { useOperatorErrorText } from './form-errors';
import { MerchantTermsFields } from './merchant-terms-fields';
import { operatorPost } from './operator-fetch';
import {
  merchantFieldOf,
  NEW_MERCHANT_DEFAULTS,
  newMerchantBodyOf,
  newMerchantFormSchema,
  type NewMerchantForm as Values,
} from './operator-forms';
import { ShownOnce } from './shown-once';
import { TextField } from './text-field';

interface Created {
  merchantCode: string;
  idKey: string;
  secret: string;
}

/**
 * "New merchant": POST /operator/merchants through the BFF. The answer's first API key secret is
 * shown here once, to copy; the list above is read again.
 */
export function NewMerchantForm({ methods }: { methods: readonly string[] }) {
  const t = useTranslations('console.operator');
  const router = useRouter();
  const errorText = useOperatorErrorText();
  const form = useForm<Values>({
    resolver: zodResolver(newMerchantFormSchema),
    mode: 'onTouched',
    defaultValues: NEW_MERCHANT_DEFAULTS,
  });
  const create = useMutation({
    mutationFn: (values: Values) =>
      operatorPost<Created>('/console/bff/operator/merchants', newMerchantBodyOf(values)),
    onSuccess: () => {
      form.reset(NEW_MERCHANT_DEFAULTS);
      router.refresh();
    },
    onError: (error) => {
      for (const { field, message } of requestProblemOf(error).errors) {
        const own = merchantFieldOf(field);
        if (own) form.setError(own, { type: 'server', message });
      }
    },
  });
  const errors = form.formState.errors;
  const modeError = errorText(errors.mode);
  const created = create.data;
  return (
    <>
      <div aria-live="polite">
        {created && (
          <div data-testid="merchant-created">
            <p className="console-hint">
              {t('new.created', { code: created.merchantCode })}{' '}
              <Link href={`/console/operator/merchants/${encodeURIComponent(created.merchantCode)}`}>
                {t('new.open', { code: created.merchantCode })}
              </Link>
            </p>
            <ShownOnce
              title={t('new.secretTitle', { idKey: created.idKey })}
              value={created.secret}
              warning={t('shownOnceWarning')}
              testId="merchant-secret"
              level={2}
            />
          </div>
        )}
      </div>
      <form
        className="scenario-form"
        aria-label={t('new.title')}
        noValidate
        data-testid="new-merchant-form"
        onSubmit={(event) => {
          create.reset();
          void form.handleSubmit((values) => create.mutate(values))(event);
        }}
      >
        <fieldset className="scenario-fieldset">
          <legend>{t('new.identity')}</legend>
          <div className="scenario-row">
            <TextField
              id="merchant-code"
              label={t('fields.merchantCode')}
              hint={t('fields.merchantCodeHint')}
              error={errorText(errors.merchantCode)}
              registration={form.register('merchantCode')}
              maxLength={64}
            />
            <TextField
              id="merchant-channelName"
              label={t('fields.channelName')}
              error={errorText(errors.channelName)}
              registration={form.register('channelName')}
              maxLength={120}
            />
          </div>
          <fieldset
            className="operator-mode"
            aria-describedby={modeError ? 'merchant-mode-hint merchant-mode-error' : 'merchant-mode-hint'}
          >
            <legend>{t('fields.mode')}</legend>
            <label>
              <input type="radio" value="test" {...form.register('mode')} /> {t('fields.modeTest')}
            </label>
            <label>
              <input type="radio" value="live" {...form.register('mode')} /> {t('fields.modeLive')}
            </label>
            <p className="console-hint" id="merchant-mode-hint">
              {t('fields.modeHint')}
            </p>
            {modeError && (
              <p className="scenario-error" id="merchant-mode-error">
                {modeError}
              </p>
            )}
          </fieldset>
        </fieldset>
        <fieldset className="scenario-fieldset">
          <legend>{t('new.terms')}</legend>
          <MerchantTermsFields
            id="merchant"
            kind="new"
            methods={methods}
            register={(name) => form.register(name)}
            errors={errors}
          />
        </fieldset>
        <RequestProblem error={create.error} title={t('new.problemTitle')} testId="new-merchant-problem" />
        <SubmitButton
          pending={create.isPending}
          label={t('new.submit')}
          pendingLabel={t('new.submitting')}
          testId="new-merchant-submit"
        />
      </form>
    </>
  );
}
