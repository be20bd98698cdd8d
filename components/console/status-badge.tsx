import type { PayinStatus } from '@/lib/payins/statuses';

/** A payin's status as a coloured badge, with the processor's reason when there is one. */
export function StatusBadge({
  status,
  label,
  processorStatus,
}: {
  status: PayinStatus;
  label: string;
  processorStatus?: string | undefined;
}) {
  return (
    <span className="status-cell">
      <span className={`badge ${status.toLowerCase()}`} data-testid="payin-status" data-status={status}>
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
