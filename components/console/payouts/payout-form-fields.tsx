'use client';

import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { useWatch, type FieldError, type UseFormReturn } from 'react-hook-form';
import type { BalancesResource } from '@/lib/api/payout-responses';
import { payoutForecastOf, type PayoutForm } from '@/lib/console/payout-form';
import { formatMoney } from '@/lib/format/money-format';
import { CURRENCY_CODES } from '@/lib/money';
import { consoleFetch, FRESH_MS } from '../console-fetch';
import { describedBy, Field } from '../scenarios/field';
import { usePayoutMethodLabel } from '../method-name';

type FormProps = { form: UseFormReturn<PayoutForm> };

interface PayoutOption {
  paymentMethodCode: string;
  paymentOperators: { code: string; name: string }[];
}

const ERROR_KEYS = new Set([
  'required',
  'amount',
  'currency',
  'tooLong',
  'idPayout',
  'url',
  'methodRequired',
]);

/** A form error in words: the schema's messages are keys of `errors`; the API's own are shown as they are. */
function useErrorText(): (error: FieldError | undefined) => string | undefined {
  const t = useTranslations('console.payouts.form.errors');
  return (error) => {
    if (!error) return undefined;
    if (error.type === 'server') return error.message;
    return error.message && ERROR_KEYS.has(error.message) ? t(error.message) : t('invalid');
  };
}

/** A text input with its label, hint and error (the API's, after a refused payout). */
export function TextInput({
  form,
  name,
  label,
  hint,
  type = 'text',
  inputMode,
}: FormProps & {
  name: Exclude<keyof PayoutForm, 'currencyCode' | 'paymentMethodCode' | 'paymentOperatorCode'>;
  label: string;
  hint?: string | undefined;
  type?: 'text' | 'url' | 'email' | 'tel';
  inputMode?: 'decimal';
}) {
  const errorText = useErrorText();
  const id = `payout-${name}`;
  const error = errorText(form.formState.errors[name]);
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        type={type}
        inputMode={inputMode}
        autoComplete="off"
        spellCheck={false}
        {...form.register(name)}
        {...describedBy(id, { hint: hint !== undefined, error })}
      />
    </Field>
  );
}

/** Amount and currency, with the available balance and what the sandbox will do with the amount. */
export function MoneyFields({
  form,
  balances: initial,
}: FormProps & { balances: BalancesResource | undefined }) {
  const t = useTranslations('console.payouts.form');
  const locale = useLocale();
  const errorText = useErrorText();
  const [amount, currencyCode] = useWatch({ control: form.control, name: ['amount', 'currencyCode'] });
  const balances = useQuery({
    queryKey: ['balances'],
    queryFn: () => consoleFetch<BalancesResource>('/console/bff/api/balances'),
    initialData: initial,
    staleTime: FRESH_MS,
  });
  const available = balances.data?.data.find((balance) => balance.currencyCode === currencyCode)?.available;
  const forecast = payoutForecastOf(amount, currencyCode);
  const hint = [
    t('available', { amount: formatMoney(locale, available?.amount ?? 0, currencyCode) }),
    forecast &&
      (forecast.kind === 'refused'
        ? t('forecast.refused', { seconds: forecast.seconds, reason: forecast.reason })
        : forecast.kind === 'succeeds'
          ? t('forecast.succeeds', { seconds: forecast.seconds })
          : t(`forecast.${forecast.kind}`)),
  ]
    .filter(Boolean)
    .join(' ');
  const currencyError = errorText(form.formState.errors.currencyCode);
  return (
    <fieldset className="scenario-fieldset">
      <legend>{t('moneyLegend')}</legend>
      <div className="scenario-row">
        <TextInput form={form} name="amount" label={t('amount')} inputMode="decimal" hint={hint} />
        <Field id="payout-currencyCode" label={t('currency')} error={currencyError}>
          <select
            id="payout-currencyCode"
            {...form.register('currencyCode')}
            {...describedBy('payout-currencyCode', { error: currencyError })}
          >
            {CURRENCY_CODES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </Field>
      </div>
    </fieldset>
  );
}

/** The payout methods that send the currency, with their operators (POST /payouts/!availablePaymentOptions). */
function usePayoutOptions(currencyCode: PayoutForm['currencyCode']) {
  return useQuery({
    queryKey: ['console', 'payout-options', currencyCode],
    // The options depend on the currency only (decision 027); one unit stands for any amount.
    queryFn: async () =>
      (
        await consoleFetch<{ data: PayoutOption[] }>('/console/bff/api/payouts/!availablePaymentOptions', {
          method: 'POST',
          body: { money: { amount: 1, currencyCode } },
        })
      ).data,
    staleTime: 60_000,
    // A 429 (the merchant's 10 requests per second, shared with its servers) passes in a second.
    retry: 3,
  });
}

/** Method and operator, among those that send the currency; the first method until one is chosen. */
export function MethodFields({ form }: FormProps) {
  const t = useTranslations('console.payouts.form');
  const methodLabel = usePayoutMethodLabel();
  const errorText = useErrorText();
  const [currencyCode, method] = useWatch({
    control: form.control,
    name: ['currencyCode', 'paymentMethodCode'],
  });
  const options = usePayoutOptions(currencyCode);
  const list = options.data ?? [];
  const chosen = list.find((option) => option.paymentMethodCode === method);
  useEffect(() => {
    if (!options.isSuccess || chosen) return;
    form.setValue('paymentMethodCode', options.data[0]?.paymentMethodCode ?? '');
    form.setValue('paymentOperatorCode', '');
  }, [options.isSuccess, options.data, chosen, form]);
  const methodError = errorText(form.formState.errors.paymentMethodCode);
  const operatorError = errorText(form.formState.errors.paymentOperatorCode);
  return (
    <fieldset className="scenario-fieldset">
      <legend>{t('methodLegend')}</legend>
      <p className="console-hint" role="status">
        {options.isLoading
          ? t('optionsLoading')
          : options.isError
            ? t('optionsFailed', { detail: options.error.message })
            : list.length === 0
              ? t('optionsNone', { currency: currencyCode })
              : ''}
      </p>
      <div className="scenario-row">
        <Field id="payout-paymentMethodCode" label={t('method')} error={methodError}>
          <select
            id="payout-paymentMethodCode"
            {...form.register('paymentMethodCode', {
              // Another method's operators are not this one's.
              onChange: () => form.setValue('paymentOperatorCode', ''),
            })}
            {...describedBy('payout-paymentMethodCode', { error: methodError })}
          >
            {!chosen && <option value="">{t('chooseMethod')}</option>}
            {list.map((option) => (
              <option key={option.paymentMethodCode} value={option.paymentMethodCode}>
                {methodLabel(option.paymentMethodCode)}
              </option>
            ))}
          </select>
        </Field>
        {/* A PromptPay or UPI ID needs no operator: the switch resolves it. */}
        {(chosen === undefined || chosen.paymentOperators.length > 0) && (
          <Field id="payout-paymentOperatorCode" label={t('operator')} error={operatorError}>
            <select
              id="payout-paymentOperatorCode"
              {...form.register('paymentOperatorCode')}
              {...describedBy('payout-paymentOperatorCode', { error: operatorError })}
            >
              <option value="">{t('noOperator')}</option>
              {(chosen?.paymentOperators ?? []).map((operator) => (
                <option key={operator.code} value={operator.code}>
                  {operator.name} ({operator.code})
                </option>
              ))}
            </select>
          </Field>
        )}
      </div>
    </fieldset>
  );
}

/** Where the money goes: the account (a bank account, a wallet's number, an address) and contacts. */
export function DestinationFields({ form }: FormProps) {
  const t = useTranslations('console.payouts.form');
  return (
    <fieldset className="scenario-fieldset">
      <legend>{t('destinationLegend')}</legend>
      <div className="scenario-row">
        <TextInput form={form} name="accountName" label={t('accountName')} />
        <TextInput
          form={form}
          name="accountNumber"
          label={t('accountNumber')}
          hint={t('accountNumberHint')}
        />
        <TextInput form={form} name="bankCode" label={t('bankCode')} hint={t('bankCodeHint')} />
      </div>
      <div className="scenario-row">
        <TextInput form={form} name="phoneNumber" type="tel" label={t('phoneNumber')} />
        <TextInput form={form} name="emailAddress" type="email" label={t('emailAddress')} />
      </div>
    </fieldset>
  );
}
