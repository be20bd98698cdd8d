import type { PayoutBatchStatus } from '@/lib/api/payout-batch-responses';

/**
 * A payout batch's status as a coloured badge (the colours: app/console/(workspace)/payouts/batches/
 * batches.css): ready blue, downloaded amber (the bank has not reported every payout), completed
 * green, cancelled grey.
 */
export function BatchStatusBadge({ status, label }: { status: PayoutBatchStatus; label: string }) {
  return (
    <span className={`badge batch-${status.toLowerCase()}`} data-testid="batch-status" data-status={status}>
      {label}
    </span>
  );
}
