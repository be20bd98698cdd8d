'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTimeZone, useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PaymentLinkResource } from '@/lib/api/payment-link-responses';
import {
  linkFormFieldOf,
  linkHref,
  linkRequestOf,
  methodsForCurrency,
  type LinkFormField,
} from '@/lib/console/payment-links';
import { CURRENCY_CODES, isCurrencyCode, type CurrencyCode } from '@/lib/money';
import { consoleFetch, ConsoleRequestError } from '../console-fetch';
import { MethodName } from '../method-name';
import { RequestProblem } from '../request-problem';
import { describedBy, Field } from '../scenarios/field';
import { SubmitButton } from '../submit-button';
import { LINKS_KEY } from './links-table';

type FieldErrors = Partial<Record<LinkFormField, string>>;

/** A text input named as the request reads it, with its label, hint and error. */
function TextField({
  name,
  label,
  hint,
  error,
  defaultValue,
  type = 'text',
  inputMode,
}: {
  name: LinkFormField;
  label: string;
  hint?: string | undefined;
  error: string | undefined;
  defaultValue?: string;
  type?: 'text' | 'url' | 'datetime-local';
  inputMode?: 'decimal' | 'numeric';
}) {
  const id = `link-${name}`;
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        defaultValue={defaultValue}
        autoComplete="off"
        spellCheck={false}
        {...describedBy(id, { hint: hint !== undefined, error })}
      />
    </Field>
  );
}

/**
 * "New payment link" (the roles with links.manage): POST /payment-links/{idLink} through the
 * console's BFF. The fields are read from the form on submit, so what was typed before the page
 * hydrated is sent too; the form's own checks and the API's field errors show next to each field,
 * any other refusal as the API gave it. A created link opens its page (its URL and QR code).
 */
export function NewLinkForm({
  initialIdLink,
  defaultCurrency,
}: {
  initialIdLink: string;
  defaultCurrency: CurrencyCode;
}) {
  const t = useTranslations('console.paymentLinks.form');
  const errorText = useTranslations('console.paymentLinks.form.errors');
  const timeZone = useTimeZone() ?? 'UTC';
  const router = useRouter();
  const client = useQueryClient();
  const currencySelect = useRef<HTMLSelectElement>(null);
  const [currency, setCurrency] = useState<CurrencyCode>(defaultCurrency);
  const [errors, setErrors] = useState<FieldErrors>({});
  // A currency chosen before hydration is in the select, not in the state: the methods follow it.
  useEffect(() => {
    const chosen = currencySelect.current?.value;
    if (chosen && isCurrencyCode(chosen)) setCurrency(chosen);
  }, []);

  const create = useMutation({
    mutationFn: (request: { idLink: string; body: Record<string, unknown>; mode: 'fixed' | 'range' }) =>
      consoleFetch<PaymentLinkResource>(
        `/console/bff/api/payment-links/${encodeURIComponent(request.idLink)}`,
        {
          method: 'POST',
          body: request.body,
        },
      ),
    onSuccess: (link) => {
      void client.invalidateQueries({ queryKey: LINKS_KEY });
      client.setQueryData(['payment-link', link.idLink], link);
      router.push(linkHref(link.idLink));
    },
    onError: (error, request) => {
      if (!(error instanceof ConsoleRequestError)) return;
      const next: FieldErrors = {};
      if (error.problem?.code === 'PAYMENT_LINK_ALREADY_EXISTS') next.idLink = errorText('exists');
      for (const { field, message } of error.problem?.errors ?? []) {
        const own = linkFormFieldOf(field, request.mode);
        if (own && next[own] === undefined) next[own] = message;
      }
      setErrors(next);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    create.reset();
    // What the form shows, not the state: what was typed or chosen before the page hydrated is in
    // the fields but never reached React.
    const form = new FormData(event.currentTarget);
    const request = linkRequestOf(form, { timeZone });
    if (!request.ok) {
      setErrors(
        Object.fromEntries(Object.entries(request.errors).map(([field, key]) => [field, errorText(key)])),
      );
      const first = Object.keys(request.errors)[0];
      if (first) document.getElementById(`link-${first}`)?.focus();
      return;
    }
    setErrors({});
    create.mutate({
      idLink: request.idLink,
      body: request.body,
      mode: form.get('amountMode') === 'range' ? 'range' : 'fixed',
    });
  };

  const methods = methodsForCurrency(currency);
  const methodsError = errors.paymentMethodCodes;

  return (
    <form
      className="scenario-form link-form"
      aria-label={t('title')}
      noValidate
      onSubmit={submit}
      data-testid="link-form"
    >
      <p className="console-hint">{t('lead')}</p>
      <fieldset className="scenario-fieldset">
        <legend>{t('amountLegend')}</legend>
        <div className="link-modes" role="radiogroup" aria-label={t('amountMode')}>
          <label>
            <input
              type="radio"
              name="amountMode"
              value="fixed"
              defaultChecked
              data-testid="link-mode-fixed"
            />{' '}
            {t('modeFixed')}
          </label>
          <label>
            <input
              type="radio"
              name="amountMode"
              value="range"
              id="link-mode-range"
              data-testid="link-mode-range"
            />{' '}
            {t('modeRange')}
          </label>
        </div>
        <div className="scenario-row">
          <Field id="link-currencyCode" label={t('currency')} error={errors.currencyCode}>
            <select
              id="link-currencyCode"
              name="currencyCode"
              ref={currencySelect}
              defaultValue={defaultCurrency}
              onChange={(event) => {
                if (isCurrencyCode(event.target.value)) setCurrency(event.target.value);
              }}
              {...describedBy('link-currencyCode', { error: errors.currencyCode })}
            >
              {CURRENCY_CODES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </Field>
          <div className="link-fixed">
            <TextField name="amount" label={t('amount')} inputMode="decimal" error={errors.amount} />
          </div>
          <div className="link-range">
            <TextField name="minAmount" label={t('minAmount')} inputMode="decimal" error={errors.minAmount} />
          </div>
          <div className="link-range">
            <TextField name="maxAmount" label={t('maxAmount')} inputMode="decimal" error={errors.maxAmount} />
          </div>
        </div>
        <p className="console-hint link-range">{t('rangeHint')}</p>
        <TextField
          name="description"
          label={t('description')}
          hint={t('descriptionHint')}
          error={errors.description}
        />
      </fieldset>

      <fieldset
        className="scenario-fieldset operator-methods link-methods"
        aria-describedby={['link-methods-hint', methodsError && 'link-methods-error']
          .filter(Boolean)
          .join(' ')}
        data-testid="link-methods"
      >
        <legend>{t('methods')}</legend>
        <p className="console-hint" id="link-methods-hint">
          {t('methodsHint', { currency })}
        </p>
        <ul>
          {methods.map((code) => (
            <li key={code}>
              <label>
                <input
                  type="checkbox"
                  name="paymentMethodCodes"
                  value={code}
                  data-testid={`link-method-${code}`}
                />{' '}
                <MethodName code={code} />
              </label>
            </li>
          ))}
        </ul>
        {methodsError && (
          <p className="scenario-error" id="link-methods-error">
            {methodsError}
          </p>
        )}
      </fieldset>

      <fieldset className="scenario-fieldset">
        <legend>{t('settingsLegend')}</legend>
        <div className="scenario-row">
          <TextField
            name="idLink"
            label={t('idLink')}
            hint={t('idLinkHint')}
            defaultValue={initialIdLink}
            error={errors.idLink}
          />
          <TextField
            name="usageLimit"
            label={t('usageLimit')}
            hint={t('usageLimitHint')}
            inputMode="numeric"
            error={errors.usageLimit}
          />
          <TextField
            name="expireAt"
            type="datetime-local"
            label={t('expireAt')}
            hint={t('expireAtHint', { timeZone })}
            error={errors.expireAt}
          />
        </div>
        <TextField
          name="callbackUrl"
          type="url"
          label={t('callbackUrl')}
          hint={t('callbackUrlHint')}
          error={errors.callbackUrl}
        />
        <TextField
          name="returnUrl"
          type="url"
          label={t('returnUrl')}
          hint={t('returnUrlHint')}
          error={errors.returnUrl}
        />
      </fieldset>

      {Object.keys(errors).length > 0 && !create.error && (
        <p className="console-alert" role="alert" data-testid="link-form-invalid">
          {t('invalid')}
        </p>
      )}
      <RequestProblem error={create.error} title={t('problemTitle')} testId="link-form-problem" />
      <SubmitButton
        pending={create.isPending || create.isSuccess}
        label={t('submit')}
        pendingLabel={t('submitting')}
        testId="link-create"
      />
    </form>
  );
}
