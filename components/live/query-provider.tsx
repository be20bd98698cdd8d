'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

let client: QueryClient | undefined;

/** One QueryClient for the page's islands; no retries of mutations (a create is never repeated). */
function queryClient(): QueryClient {
  client ??= new QueryClient({
    defaultOptions: { queries: { retry: 2, refetchOnWindowFocus: true }, mutations: { retry: false } },
  });
  return client;
}

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient()}>{children}</QueryClientProvider>;
}
