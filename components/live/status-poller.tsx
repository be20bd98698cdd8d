'use client';

import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { QueryProvider } from './query-provider';
import type { PayinStatus } from '@/lib/payins/statuses';

/** What the island watching a payment is given (status-island.tsx loads this poller lazily). */
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

interface StatusView {
  status: PayinStatus;
  processorStatus?: string;
  received?: number;
}

/** Polls the payment's status through the BFF every second; when it ends, the page re-renders. */
function Poller({
  statusUrl,
  announcements,
  received,
  onFinal,
}: StatusIslandProps & { onFinal: (message: string) => void }) {
  const router = useRouter();
  const { data } = useQuery({
    queryKey: ['payin-status', statusUrl],
    queryFn: async (): Promise<StatusView> => {
      const response = await fetch(statusUrl, { headers: { accept: 'application/json' }, cache: 'no-store' });
      if (!response.ok) throw new Error(`status ${response.status}`);
      return (await response.json()) as StatusView;
    },
    refetchInterval: (query) =>
      query.state.data?.status === 'PENDING' || query.state.data === undefined ? 1000 : false,
    refetchIntervalInBackground: false,
  });

  useEffect(() => {
    if (!data) return;
    // Money arrived without ending the payment (a short payment): the page shows what is left to pay.
    if (data.status === 'PENDING') {
      if (data.received !== received) router.refresh();
      return;
    }
    onFinal(
      data.status === 'SUCCESS'
        ? announcements.success
        : data.processorStatus === 'EXPIRED'
          ? announcements.expired
          : announcements.refused,
    );
    router.refresh();
  }, [data, announcements, received, onFinal, router]);
  return null;
}

export default function StatusPoller(props: StatusIslandProps & { onFinal: (message: string) => void }) {
  return (
    <QueryProvider>
      <Poller {...props} />
    </QueryProvider>
  );
}
