'use client';

import { useTranslations } from 'next-intl';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useOperatorErrorText } from './form-errors';
import { MethodChecklist } from './method-checklist';
import { TextField } from './text-field';

/** The fields of a merchant's terms, the same in the new-merchant form and the terms form. */
export type MerchantTermsField = 'paymentMethods' | 'feePercent' | 'vatPercent' | 'settlementDelaySeconds';

const NUMBERS = [
  { name: 'feePercent', inputMode: 'decimal' },
  { name: 'vatPercent', inputMode: 'decimal' },
  { name: 'settlementDelaySeconds', inputMode: 'numeric' },
] as const;

/** The hints (keys of `console.operator.fields`): what an empty field means when creating, when editing. */
const HINTS = {
  new: {
    paymentMethods: 'paymentMethodsNewHint',
    feePercent: 'feePercentHint',
    vatPercent: 'optionalHint',
    settlementDelaySeconds: 'settlementDelayHint',
  },
  edit: {
    paymentMethods: undefined,
    feePercent: 'feePercentEditHint',
    vatPercent: 'clearHint',
    settlementDelaySeconds: 'settlementDelayHint',
  },
} as const;

/**
 * A merchant's terms as a form edits them: the payment methods to offer, the default fee, the VAT on
 * it and the settlement delay, each with its hint and error (ids `${id}-feePercent`, …).
 */
export function MerchantTermsFields({
  id,
  kind,
  methods,
  register,
  errors,
}: {
  /** The prefix of the fields' ids. */
  id: string;
  /** A new merchant's terms, or a merchant's terms as they stand. */
  kind: keyof typeof HINTS;
  methods: readonly string[];
  register: (name: MerchantTermsField) => UseFormRegisterReturn;
  errors: Partial<Record<MerchantTermsField, { type?: unknown; message?: string | undefined }>>;
}) {
  const t = useTranslations('console.operator.fields');
  const errorText = useOperatorErrorText();
  const hints = HINTS[kind];
  return (
    <>
      <MethodChecklist
        id={id}
        legend={t('paymentMethods')}
        hint={hints.paymentMethods && t(hints.paymentMethods)}
        error={errorText(errors.paymentMethods)}
        methods={methods}
        registration={register('paymentMethods')}
      />
      <div className="scenario-row">
        {NUMBERS.map(({ name, inputMode }) => (
          <TextField
            key={name}
            id={`${id}-${name}`}
            label={t(name)}
            hint={t(hints[name])}
            error={errorText(errors[name])}
            registration={register(name)}
            inputMode={inputMode}
          />
        ))}
      </div>
    </>
  );
}
