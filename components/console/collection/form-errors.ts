'use client';

import { useTranslations } from 'next-intl';
import type { FieldError } from 'react-hook-form';

const ERROR_KEYS = new Set([
  'required',
  'account',
  'file',
  'fileSize',
  'format',
  'timeZone',
  'idPayin',
  'tooLong',
]);

/**
 * A collection form's error in words: the schemas' messages (lib/console/collection-forms.ts) are
 * keys of `console.collection.errors`; the API's own are shown as they are.
 */
export function useCollectionErrorText(): (error: FieldError | undefined) => string | undefined {
  const t = useTranslations('console.collection.errors');
  return (error) => {
    if (!error) return undefined;
    if (error.type === 'server') return error.message;
    return error.message && ERROR_KEYS.has(error.message) ? t(error.message) : t('invalid');
  };
}
