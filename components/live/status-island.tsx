'use client';

import { lazy, Suspense, useState } from 'react';
import { useHydrated } from '../ui/use-hydrated';
import type { StatusIslandProps } from './status-poller';

const StatusPoller = lazy(() => import('./status-poller'));

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
