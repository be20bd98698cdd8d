import type { PayinStatus } from '@/lib/payins/statuses';

/** A payin's or payout's status as a coloured badge, with the processor's reason when there is one. */
export function StatusBadge({
  status,
  label,
  processorStatus,
  testId = 'payin-status',
}: {
  /** A payin's, or a payout's (the same three statuses). */
  status: PayinStatus;
  label: string;
  processorStatus?: string | undefined;
  testId?: 'payin-status' | 'payout-status' | 'refund-status';
}) {
  return (
    <span className="status-cell">
      <span className={`badge ${status.toLowerCase()}`} data-testid={testId} data-status={status}>
        {label}
      </span>
      {processorStatus && (
        <>
          {' '}
          <code className="console-muted">{processorStatus}</code>
        </>
      )}
    </span>
  );
}
