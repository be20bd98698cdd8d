'use client';

import { useTranslations } from 'next-intl';
import type { UseFormReturn } from 'react-hook-form';
import { SCENARIOS, VALIDITY_MAX_SECS, VALIDITY_MIN_SECS, type ScenarioForm } from '@/lib/console/scenario';
import { CURRENCY_CODES } from '@/lib/money';
import { CUSTOMER_FIELDS, type CustomerField } from '@/lib/schemas/customer-fields';
import { describedBy, Field, useErrorText } from './field';
import { ScriptButton } from '../../ui/script-button';

type FormProps = { form: UseFormReturn<ScenarioForm> };

/** A text input of the form, with its label, hint and error. */
function TextInput({
  form,
  name,
  label,
  hint,
  type = 'text',
  inputMode,
  autoComplete = 'off',
}: FormProps & {
  name: Exclude<keyof ScenarioForm, 'moneyLimited' | 'scenario' | 'currencyCode'>;
  label: string;
  hint?: string;
  type?: 'text' | 'url' | 'email' | 'tel';
  inputMode?: 'decimal' | 'numeric';
  autoComplete?: string;
}) {
  const errorText = useErrorText();
  const id = `scenario-${name}`;
  const error = errorText(form.formState.errors[name]);
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        spellCheck={false}
        {...form.register(name)}
        {...describedBy(id, { hint: hint !== undefined, error })}
      />
    </Field>
  );
}

/** Amount, currency, order ID and the merchant's URLs: the RedirectURL's required parameters. */
export function PaymentFields({ form, onNewIdPayin }: FormProps & { onNewIdPayin: () => void }) {
  const t = useTranslations('console.scenarios.payment');
  const errorText = useErrorText();
  const currencyError = errorText(form.formState.errors.currencyCode);
  return (
    <fieldset className="scenario-fieldset">
      <legend>{t('legend')}</legend>
      <div className="scenario-row">
        <TextInput form={form} name="amount" label={t('amount')} inputMode="decimal" />
        <Field id="scenario-currencyCode" label={t('currency')} error={currencyError}>
          <select
            id="scenario-currencyCode"
            {...form.register('currencyCode')}
            {...describedBy('scenario-currencyCode', { error: currencyError })}
          >
            {CURRENCY_CODES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="scenario-with-action">
        <TextInput form={form} name="idPayin" label={t('idPayin')} />
        <ScriptButton className="console-button" onClick={onNewIdPayin}>
          {t('newIdPayin')}
        </ScriptButton>
      </div>
      <TextInput
        form={form}
        name="callbackUrl"
        type="url"
        label={t('callbackUrl')}
        hint={t('callbackHint')}
      />
      <TextInput form={form} name="returnUrl" type="url" label={t('returnUrl')} hint={t('returnHint')} />
    </fieldset>
  );
}

/** The five scenarios of the specification, each with its one-line meaning. */
export function ScenarioChoice({ form }: FormProps) {
  const t = useTranslations('console.scenarios.scenario');
  const errorText = useErrorText();
  const error = errorText(form.formState.errors.scenario);
  return (
    <fieldset className="scenario-fieldset" {...describedBy('scenario-choice', { error })}>
      <legend>{t('legend')}</legend>
      <div className="scenario-choices">
        {SCENARIOS.map((number) => (
          <label key={number} className="scenario-choice">
            <input
              type="radio"
              value={number}
              {...form.register('scenario')}
              aria-describedby={`scenario-choice-${number}`}
            />
            <span>
              <strong>{t('name', { number })}</strong>{' '}
              <span id={`scenario-choice-${number}`} className="console-muted">
                {t(number)}
              </span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p className="scenario-error" id="scenario-choice-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

const CUSTOMER_INPUT: Record<CustomerField, 'text' | 'email' | 'tel'> = {
  accountName: 'text',
  emailAddress: 'email',
  phoneNumber: 'tel',
  accountNumber: 'text',
};

/** The customer data parameters, named as the hosted page reads them (scenarios 2 and 3). */
export function CustomerFields({ form }: FormProps) {
  const t = useTranslations('console.scenarios.customer');
  return (
    <fieldset className="scenario-fieldset" aria-describedby="scenario-customer-hint">
      <legend>{t('legend')}</legend>
      <p className="console-hint" id="scenario-customer-hint">
        {t('hint')}
      </p>
      <div className="scenario-row">
        {CUSTOMER_FIELDS.map((field) => (
          <TextInput key={field} form={form} name={field} label={t(field)} type={CUSTOMER_INPUT[field]} />
        ))}
      </div>
    </fieldset>
  );
}

/** The token: limited to the money or not, and how long it is valid. */
export function TokenFields({ form }: FormProps) {
  const t = useTranslations('console.scenarios.token');
  return (
    <fieldset className="scenario-fieldset">
      <legend>{t('legend')}</legend>
      <label className="scenario-check">
        <input type="checkbox" {...form.register('moneyLimited')} /> {t('moneyLimited')}
      </label>
      <TextInput
        form={form}
        name="validitySecs"
        label={t('validitySecs')}
        inputMode="numeric"
        hint={t('validityHint', { min: VALIDITY_MIN_SECS, max: VALIDITY_MAX_SECS })}
      />
    </fieldset>
  );
}
