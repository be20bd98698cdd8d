'use client';

import { useQuery, type DefinedUseQueryResult, type UseQueryResult } from '@tanstack/react-query';
import { consoleFetch, FRESH_MS } from './console-fetch';

interface LivePageOptions<T> {
  queryKey: readonly unknown[];
  url: `/console/bff/${string}`;
  /** The server-rendered page; undefined when the server could not read it. */
  initial: T | undefined;
  /** The first page is live; older pages stay still. */
  live: boolean;
  intervalMs: number;
}

/**
 * A page of a newest-first console list (payments, payouts, incoming transactions) in its live
 * island: it starts from the server-rendered page, counts it fresh for FRESH_MS (no second request
 * as it mounts), and while `live` asks again every `intervalMs`, so new items and status changes
 * show up without a reload.
 */
export function useLivePage<T>(options: LivePageOptions<T> & { initial: T }): DefinedUseQueryResult<T>;
export function useLivePage<T>(options: LivePageOptions<T>): UseQueryResult<T>;
export function useLivePage<T>(options: LivePageOptions<T>): UseQueryResult<T> {
  return useQuery({
    queryKey: options.queryKey,
    queryFn: () => consoleFetch<T>(options.url),
    initialData: options.initial,
    staleTime: FRESH_MS,
    refetchInterval: options.live ? options.intervalMs : false,
  });
}
