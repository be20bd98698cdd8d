'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { ScenarioForm } from '@/lib/console/scenario';
import { isMethodCode, METHODS } from '@/lib/methods';
import { parseAmount, toApiMoney } from '@/lib/money';
import { consoleFetch } from '../console-fetch';
import { describedBy, Field, useErrorText } from './field';

interface PaymentOption {
  paymentMethodCode: string;
  paymentOperators: { code: string; name: string }[];
}

/** A value that settles: the options are asked for once the amount stops changing. */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The merchant's options for the amount (POST /payins/!availablePaymentOptions through the BFF). */
function usePaymentOptions(amount: string, currencyCode: ScenarioForm['currencyCode']) {
  const settled = useSettled(amount, 400);
  const parsed = parseAmount(settled, currencyCode);
  const money = parsed.ok ? toApiMoney(parsed.money) : undefined;
  return useQuery({
    queryKey: ['console', 'payment-options', money?.amount, currencyCode],
    enabled: money !== undefined,
    queryFn: async () =>
      (
        await consoleFetch<{ data: PaymentOption[] }>('/console/bff/api/payins/!availablePaymentOptions', {
          method: 'POST',
          body: { money },
        })
      ).data,
    staleTime: 60_000,
    // A 429 (the merchant's 10 requests per second, shared with its servers) passes in a second.
    retry: 3,
  });
}

/**
 * The options of a code select: the merchant's offered codes, and first the chosen one when it is
 * not among them (from a shared link, before the options arrive or when they do not offer it). One
 * option per code, keyed by it: the chosen one keeps its element when the options arrive, so the
 * selection holds.
 */
function CodeOptions({
  chosen,
  offered,
  unofferedLabel,
}: {
  chosen: string;
  offered: readonly { code: string; label: string }[];
  unofferedLabel: (code: string) => string;
}) {
  const entries =
    chosen !== '' && !offered.some((entry) => entry.code === chosen)
      ? [{ code: chosen, label: unofferedLabel(chosen) }, ...offered]
      : offered;
  return entries.map((entry) => (
    <option key={entry.code} value={entry.code}>
      {entry.label}
    </option>
  ));
}

const methodLabel = (code: string) => (isMethodCode(code) ? `${METHODS[code].name} (${code})` : code);

/** Method and operator, chosen among the merchant's options for the amount (scenarios 4 and 5). */
export function OptionFields({ form }: { form: UseFormReturn<ScenarioForm> }) {
  const t = useTranslations('console.scenarios.option');
  const errorText = useErrorText();
  const [amount, currencyCode, method, operator] = useWatch({
    control: form.control,
    name: ['amount', 'currencyCode', 'paymentMethodCode', 'paymentOperatorCode'],
  });
  const options = usePaymentOptions(amount, currencyCode);
  const list = options.data ?? [];
  const offered = (label: string, code: string) => (options.isSuccess ? t('notOffered', { code }) : label);
  const chosen = list.find((option) => option.paymentMethodCode === method);
  const operators = chosen?.paymentOperators ?? [];
  const methodError = errorText(form.formState.errors.paymentMethodCode);
  const registered = form.register('paymentMethodCode', {
    // Another method's operators are not this one's.
    onChange: () => form.setValue('paymentOperatorCode', '', { shouldDirty: true }),
  });
  return (
    <fieldset className="scenario-fieldset" aria-describedby="scenario-option-hint">
      <legend>{t('legend')}</legend>
      <p className="console-hint" id="scenario-option-hint">
        {t('hint')}
      </p>
      <p className="console-hint" role="status">
        {options.isLoading
          ? t('loading')
          : options.isError
            ? t('failed', { detail: options.error.message })
            : options.isSuccess && list.length === 0
              ? t('none', { currency: currencyCode })
              : ''}
      </p>
      <div className="scenario-row">
        <Field id="scenario-method" label={t('method')} error={methodError}>
          <select
            id="scenario-method"
            {...registered}
            value={method}
            {...describedBy('scenario-method', { error: methodError })}
          >
            <option value="">{t('chooseMethod')}</option>
            <CodeOptions
              chosen={method}
              offered={list.map((option) => ({
                code: option.paymentMethodCode,
                label: methodLabel(option.paymentMethodCode),
              }))}
              unofferedLabel={(code) => offered(methodLabel(code), code)}
            />
          </select>
        </Field>
        <Field id="scenario-operator" label={t('operator')}>
          <select id="scenario-operator" {...form.register('paymentOperatorCode')} value={operator}>
            <option value="">{t('anyOperator')}</option>
            <CodeOptions
              chosen={operator}
              offered={operators.map((entry) => ({
                code: entry.code,
                label: `${entry.name} (${entry.code})`,
              }))}
              unofferedLabel={(code) => offered(code, code)}
            />
          </select>
        </Field>
      </div>
    </fieldset>
  );
}
