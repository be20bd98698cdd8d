import type { NextRequest } from 'next/server';
import { proxyToApi } from '@/bff/console/proxy';

interface ProxyRoute {
  params: Promise<{ path: string[] }>;
}

/** The console's way to the public API (bff/console/proxy.ts). */
export async function GET(request: NextRequest, route: ProxyRoute) {
  return proxyToApi(request, (await route.params).path);
}

export async function POST(request: NextRequest, route: ProxyRoute) {
  return proxyToApi(request, (await route.params).path);
}

export async function PUT(request: NextRequest, route: ProxyRoute) {
  return proxyToApi(request, (await route.params).path);
}

export async function DELETE(request: NextRequest, route: ProxyRoute) {
  return proxyToApi(request, (await route.params).path);
}
