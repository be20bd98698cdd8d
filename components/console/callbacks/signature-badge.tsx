'use client';

import { useTranslations } from 'next-intl';

/** Whether a signature verified with the merchant's secret (undefined: no headers were logged). */
export function SignatureBadge({ verified }: { verified: boolean | undefined }) {
  const t = useTranslations('console.callbacks.signature');
  if (verified === undefined) return <span className="badge pending">{t('notLogged')}</span>;
  return (
    <span className={`badge ${verified ? 'success' : 'refused'}`} data-testid="signature-verdict">
      {verified ? t('verified') : t('notVerified')}
    </span>
  );
}
