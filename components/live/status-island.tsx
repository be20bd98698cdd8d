'use client';

import { lazy, Suspense, useState } from 'react';
import { useHydrated } from '../ui/use-hydrated';

const StatusPoller = lazy(() => import('./status-poller'));

export interface StatusIslandProps {
  /** BFF endpoint answering { status, processorStatus }. */
  statusUrl: string;
  /** Poll while the payment is open; a final payment keeps only the announcement. */
  active: boolean;
  /** The amount received so far as the page shows it: a change (a short payment) refreshes the page. */
  received?: number | undefined;
  /** What the live region says when the payment ends, per outcome. */
  announcements: { success: string; refused: string; expired: string };
}

/**
 * Watches a PENDING payment: the live region is in the server HTML (so assistive technology knows
 * it before anything changes); the poller loads once the page is interactive.
 */
export function StatusIsland(props: StatusIslandProps) {
  const hydrated = useHydrated();
  const [message, setMessage] = useState('');
  return (
    <div role="status" aria-live="polite" className="visually-hidden" data-testid="live-region">
      {message}
      {hydrated && props.active && (
        <Suspense fallback={null}>
          <StatusPoller {...props} onFinal={setMessage} />
        </Suspense>
      )}
    </div>
  );
}
