'use client';

import { useTranslations } from 'next-intl';
import type { ApiProblem } from '@/lib/console/scenario';

/**
 * The API's refusal as it said it: its detail, its status and code, and each field error. The
 * scenario builder's by default; the new-payout form gives its own title.
 */
export function ProblemBox({
  problem,
  title,
  testId = 'scenario-problem',
}: {
  problem: ApiProblem;
  title?: string;
  testId?: string;
}) {
  const t = useTranslations('console.scenarios.problem');
  return (
    <div className="console-alert" role="alert" data-testid={testId}>
      <p className="scenario-problem-title">
        <strong>{title ?? t('title')}</strong>
        {problem.status > 0 && (
          <span>
            {' '}
            ({t('status', { status: problem.status })}
            {problem.code && <code> {problem.code}</code>})
          </span>
        )}
      </p>
      {problem.detail && <p>{t('detail', { detail: problem.detail })}</p>}
      {problem.errors.length > 0 && (
        <ul>
          {problem.errors.map((error) => (
            <li key={`${error.field}:${error.message}`}>
              {t('field', { field: error.field, message: error.message })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
