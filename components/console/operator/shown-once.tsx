'use client';

import { CopyButton } from '../copy-button';

/**
 * A value the API shows in one answer only (a new API key's secret, an invitation link): in full,
 * with a copy button and the warning that it cannot be shown again.
 */
export function ShownOnce({
  title,
  value,
  warning,
  testId,
  level = 3,
}: {
  /** Its heading's level: 2 where the page has no section heading above it. */
  level?: 2 | 3;
  title: string;
  value: string;
  warning: string;
  testId: string;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="console-card operator-shown-once" data-testid={testId}>
      <Heading>{title}</Heading>
      <p className="console-note" role="note">
        {warning}
      </p>
      <pre tabIndex={0} className="console-wrap" data-testid={`${testId}-value`}>
        {value}
      </pre>
      <div className="console-actions">
        <CopyButton short value={value} label={title} />
      </div>
    </div>
  );
}
