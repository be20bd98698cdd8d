import type { CollectionOutcomeCode } from '@/lib/api/collection-responses';

/** An incoming transaction's outcome as a coloured badge: applied green, what needs review amber. */
export function OutcomeBadge({ outcome, label }: { outcome: CollectionOutcomeCode; label: string }) {
  return (
    <span
      className={`badge outcome-${outcome.toLowerCase()}`}
      data-testid="collection-outcome"
      data-outcome={outcome}
    >
      {label}
    </span>
  );
}
