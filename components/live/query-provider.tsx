'use client';

import { isServer, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 2, refetchOnWindowFocus: true }, mutations: { retry: false } },
  });
}

let browserClient: QueryClient | undefined;

/**
 * In the browser, one QueryClient for the page's islands; no retries of mutations (a create is
 * never repeated). On the server, a new one for every render: the server renders every visitor's
 * pages in one process, and a client kept there would answer one merchant's page from the data
 * another merchant's page put in its cache (the same query keys: ['payins', 'limit=25']), into the
 * HTML, ahead of the page's own initial data, which React then finds different when it hydrates.
 */
function queryClient(): QueryClient {
  if (isServer) return newQueryClient();
  return (browserClient ??= newQueryClient());
}

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient()}>{children}</QueryClientProvider>;
}
