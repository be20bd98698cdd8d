'use client';

import { useTranslations } from 'next-intl';

const ERROR_KEYS = new Set([
  'required',
  'tooLong',
  'merchantCode',
  'mode',
  'methods',
  'percent',
  'seconds',
  'accountId',
  'json',
  'email',
]);

/**
 * An operator form's error in words: the schemas' messages (operator-forms.ts) are keys of
 * `console.operator.errors`; the API's own are shown as they are.
 */
export function useOperatorErrorText(): (
  error: { type?: unknown; message?: string | undefined } | undefined,
) => string | undefined {
  const t = useTranslations('console.operator.errors');
  return (error) => {
    if (!error) return undefined;
    if (error.type === 'server') return error.message;
    return error.message && ERROR_KEYS.has(error.message) ? t(error.message) : t('invalid');
  };
}
