import type { NextRequest } from 'next/server';
import { downloadFromApi } from '@/bff/console/download';

interface BatchRoute {
  params: Promise<{ idBatch: string }>;
}

/**
 * A payout batch's pain.001 file, handed to the browser as the API sends it (docs/decisions/038):
 * its first download makes the batch DOWNLOADED, so it comes through the console's download door
 * (bff/console/download.ts), with the proxy's checks and never from another site's page.
 */
export async function GET(request: NextRequest, route: BatchRoute) {
  return downloadFromApi(request, ['payout-batches', (await route.params).idBatch, 'pain.001'], {
    accept: 'application/xml, application/problem+json',
  });
}
