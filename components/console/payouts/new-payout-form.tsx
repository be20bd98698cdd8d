'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { BalancesResource, PayoutResource } from '@/lib/api/payout-responses';
import {
  newIdPayout,
  payoutFormDefaults,
  payoutFormFieldOf,
  payoutFormSchema,
  payoutRequestOf,
  type PayoutForm,
} from '@/lib/console/payout-form';
import { problemOf } from '@/lib/console/scenario';
import type { CurrencyCode } from '@/lib/money';
import { consoleFetch, ConsoleRequestError } from '../console-fetch';
import { ProblemBox } from '../scenarios/problem-box';
import { DestinationFields, MethodFields, MoneyFields, TextInput } from './payout-form-fields';
import { ScriptButton } from '../../ui/script-button';

/**
 * "New payout" (test merchants): POST /payouts/{idPayout} through the console's BFF, as the
 * merchant's server would send it. The API's refusal shows with its detail, each field error next
 * to its field; an accepted payout opens its page.
 */
export function NewPayoutForm({
  initialIdPayout,
  defaultCallbackUrl,
  defaultCurrency,
  balances,
}: {
  initialIdPayout: string;
  /** The merchant's built-in callback receiver, when the page could read it. */
  defaultCallbackUrl: string;
  defaultCurrency: CurrencyCode | undefined;
  /** The balances the page read, to show what is available. */
  balances: BalancesResource | undefined;
}) {
  const t = useTranslations('console.payouts.form');
  const router = useRouter();
  const client = useQueryClient();
  const form = useForm<PayoutForm>({
    resolver: zodResolver(payoutFormSchema),
    mode: 'onTouched',
    defaultValues: payoutFormDefaults({
      idPayout: initialIdPayout,
      callbackUrl: defaultCallbackUrl,
      currencyCode: defaultCurrency,
    }),
  });

  // The page could not read the receiver (a busy rate limit, say): the browser asks once more.
  useEffect(() => {
    if (form.getValues('callbackUrl') !== '') return;
    consoleFetch<{ url?: unknown }>('/console/bff/api/callback-receiver?limit=1').then(
      (receiver) => {
        if (typeof receiver.url === 'string' && form.getValues('callbackUrl') === '')
          form.setValue('callbackUrl', receiver.url);
      },
      () => undefined,
    );
  }, [form]);

  const send = useMutation({
    mutationFn: (values: PayoutForm) => {
      const { idPayout, body } = payoutRequestOf(values);
      return consoleFetch<PayoutResource>(`/console/bff/api/payouts/${encodeURIComponent(idPayout)}`, {
        method: 'POST',
        body,
      });
    },
    onSuccess: (payout) => {
      const idPayout = payout.paymentMethodResponse.idPayout;
      void client.invalidateQueries({ queryKey: ['balances'] });
      router.push(`/console/payouts/${encodeURIComponent(idPayout)}`);
    },
    onError: (error) => {
      if (!(error instanceof ConsoleRequestError)) return;
      for (const { field, message } of problemOf(error.status, error.problem).errors) {
        const own = payoutFormFieldOf(field);
        if (own) form.setError(own, { type: 'server', message });
      }
    },
  });

  const renewIdPayout = () => {
    form.setValue('idPayout', newIdPayout(), { shouldValidate: true });
    send.reset();
    document.getElementById('payout-idPayout')?.focus();
  };

  return (
    <form
      className="scenario-form"
      aria-label={t('title')}
      noValidate
      onSubmit={(event) => {
        send.reset();
        void form.handleSubmit((values) => send.mutate(values))(event);
      }}
    >
      <p className="console-hint" data-testid="payout-sandbox-hint">
        {t('sandboxHint')}
      </p>
      <MoneyFields form={form} balances={balances} />
      <MethodFields form={form} />
      <DestinationFields form={form} />
      <fieldset className="scenario-fieldset">
        <legend>{t('settingsLegend')}</legend>
        <div className="scenario-with-action">
          <TextInput form={form} name="idPayout" label={t('idPayout')} />
          <ScriptButton className="console-button" onClick={renewIdPayout}>
            {t('newIdPayout')}
          </ScriptButton>
        </div>
        <TextInput
          form={form}
          name="callbackUrl"
          type="url"
          label={t('callbackUrl')}
          hint={t('callbackHint')}
        />
      </fieldset>
      {send.error && (
        <ProblemBox
          title={t('problemTitle')}
          testId="payout-problem"
          problem={
            send.error instanceof ConsoleRequestError
              ? problemOf(send.error.status, send.error.problem)
              : problemOf(0, { detail: send.error.message })
          }
        />
      )}
      <div className="console-actions">
        <ScriptButton
          type="submit"
          className="console-button primary"
          disabled={send.isPending || send.isSuccess}
          data-testid="payout-submit"
        >
          {send.isPending || send.isSuccess ? t('submitting') : t('submit')}
        </ScriptButton>
      </div>
    </form>
  );
}
