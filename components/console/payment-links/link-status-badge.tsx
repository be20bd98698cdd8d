import type { PaymentLinkStatus } from '@/lib/api/payment-link-responses';

/**
 * A payment link's status as a coloured badge (the colours: app/console/(workspace)/payment-links/
 * links.css): active green, used up amber, expired and turned off grey.
 */
export function LinkStatusBadge({ status, label }: { status: PaymentLinkStatus; label: string }) {
  return (
    <span className={`badge link-${status.toLowerCase()}`} data-testid="link-status" data-status={status}>
      {label}
    </span>
  );
}
