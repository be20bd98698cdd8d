import { getTranslations } from 'next-intl/server';
import { CopyButton } from '../ui/copy-button';

export interface Detail {
  label: string;
  value: string;
  /** Offer a copy button (account numbers, references, amounts, addresses). */
  copy?: boolean;
  /** What the copy button copies when it differs from what is shown (an amount without symbol or grouping). */
  copyValue?: string;
  /** A stable handle for tests (labels change with the language). */
  testId?: string;
}

/** Payment details, each value selectable and, where useful, with its own copy button. */
export async function DetailList({ details }: { details: Detail[] }) {
  const t = await getTranslations('common');
  return (
    <dl className="details">
      {details.map((detail) => (
        <div key={detail.label} data-testid={detail.testId}>
          <dt>{detail.label}</dt>
          <dd>
            <span>{detail.value}</span>
            {detail.copy && (
              <CopyButton
                value={detail.copyValue ?? detail.value}
                label={t('copy')}
                copiedLabel={t('copied')}
                srLabel={t('copyLabel', { label: detail.label })}
              />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
