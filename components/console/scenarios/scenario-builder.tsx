'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  buildCurl,
  buildRedirectUrl,
  defaultReturnUrl,
  newIdPayin,
  problemOf,
  scenarioFormSchema,
  scenarioToQuery,
  tokenRequestOf,
  usesCustomerData,
  usesOption,
  type ApiProblem,
  type ScenarioForm,
} from '@/lib/console/scenario';
import { ConsoleRequestError, consoleFetch } from '../console-fetch';
import { CustomerFields, PaymentFields, ScenarioChoice, TokenFields } from './scenario-fields';
import { OptionFields } from './option-fields';
import { ProblemBox } from './problem-box';
import { ScenarioResult, type BuiltLink } from './scenario-result';
import { ScriptButton } from '../../ui/script-button';

/** Where an API field error belongs on the form. */
const API_FIELDS: Record<string, keyof ScenarioForm> = {
  validitySecs: 'validitySecs',
  idPayment: 'idPayin',
  money: 'amount',
  'money.amount': 'amount',
  'money.currencyCode': 'currencyCode',
};

class RefusedError extends Error {
  constructor(readonly problem: ApiProblem) {
    super(problem.detail ?? `HTTP ${problem.status}`);
  }
}

/**
 * The scenario builder: its state lives in the page's query (shareable, restored from a shared
 * link, never a token); "Build link" mints a PAYIN_CREATE token through the console's BFF.
 */
export function ScenarioBuilder({ merchantCode, initial }: { merchantCode: string; initial: ScenarioForm }) {
  const t = useTranslations('console.scenarios');
  const router = useRouter();
  const pathname = usePathname();
  const [built, setBuilt] = useState<BuiltLink>();
  const form = useForm<ScenarioForm>({
    resolver: zodResolver(scenarioFormSchema),
    mode: 'onTouched',
    defaultValues: initial,
  });
  const scenario = useWatch({ control: form.control, name: 'scenario' });
  const idPayinRef = useRef(initial.idPayin);

  // The defaults that need the browser: the return URL on this origin, the console's callback receiver.
  useEffect(() => {
    if (form.getValues('returnUrl') === '')
      form.setValue('returnUrl', defaultReturnUrl(location.origin, form.getValues('idPayin')));
    if (form.getValues('callbackUrl') !== '') return;
    // Without it the merchant types a callback URL: the field stays empty and says so.
    consoleFetch<{ url?: unknown }>('/console/bff/api/callback-receiver').then(
      ({ url }) => {
        if (typeof url === 'string' && form.getValues('callbackUrl') === '')
          form.setValue('callbackUrl', url);
      },
      () => undefined,
    );
  }, [form]);

  // Every edit: the query follows (debounced), a return URL left at its default follows the order
  // ID, and a link built from other values is withdrawn.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sync = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const query = scenarioToQuery(form.getValues());
        if (query !== location.search.slice(1)) router.replace(`${pathname}?${query}`, { scroll: false });
      }, 300);
    };
    sync();
    const unsubscribe = form.subscribe({
      formState: { values: true },
      callback: ({ values, name }) => {
        if (name === 'idPayin') {
          const previous = defaultReturnUrl(location.origin, idPayinRef.current);
          if (form.getValues('returnUrl') === previous)
            form.setValue('returnUrl', defaultReturnUrl(location.origin, values.idPayin));
          idPayinRef.current = values.idPayin;
        }
        if (name !== undefined) setBuilt(undefined);
        sync();
      },
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [form, pathname, router]);

  const build = useMutation({
    mutationFn: async (values: ScenarioForm): Promise<BuiltLink> => {
      let token: unknown;
      try {
        ({ token } = await consoleFetch<{ token?: unknown }>('/console/bff/api/auth-tokens-by-action', {
          method: 'POST',
          body: tokenRequestOf(values),
        }));
      } catch (error) {
        if (error instanceof ConsoleRequestError)
          throw new RefusedError(problemOf(error.status, error.problem));
        throw error;
      }
      if (typeof token !== 'string')
        throw new RefusedError(problemOf(200, { detail: 'No token came back.' }));
      const origin = location.origin;
      return {
        url: buildRedirectUrl({ origin, merchantCode, token, values }),
        curl: buildCurl({ origin, merchantCode, values }),
        idPayin: values.idPayin,
        validitySecs: Number(values.validitySecs),
      };
    },
    onSuccess: setBuilt,
    onError: (error) => {
      if (!(error instanceof RefusedError)) return;
      for (const { field, message } of error.problem.errors) {
        const own = API_FIELDS[field];
        if (own) form.setError(own, { type: 'server', message });
      }
    },
  });

  const newPayment = () => {
    form.setValue('idPayin', newIdPayin(), { shouldDirty: true, shouldValidate: true });
    build.reset();
    document.getElementById('scenario-idPayin')?.focus();
  };

  return (
    <>
      <form
        className="scenario-form"
        aria-label={t('formLabel')}
        noValidate
        onSubmit={(event) => {
          build.reset();
          void form.handleSubmit((values) => build.mutate(values))(event);
        }}
      >
        <PaymentFields form={form} onNewIdPayin={newPayment} />
        <ScenarioChoice form={form} />
        {usesOption(scenario) && <OptionFields form={form} />}
        {usesCustomerData(scenario) && <CustomerFields form={form} />}
        <TokenFields form={form} />
        {build.error && (
          <ProblemBox
            problem={
              build.error instanceof RefusedError
                ? build.error.problem
                : problemOf(0, { detail: build.error.message })
            }
          />
        )}
        <div className="console-actions">
          <ScriptButton type="submit" className="console-button primary" disabled={build.isPending}>
            {build.isPending ? t('building') : t('build')}
          </ScriptButton>
        </div>
      </form>
      {built && <ScenarioResult built={built} onNewPayment={newPayment} />}
    </>
  );
}
