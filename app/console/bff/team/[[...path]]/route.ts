import type { NextRequest } from 'next/server';
import { teamRoute } from '@/bff/console/team';

interface TeamRoute {
  params: Promise<{ path?: string[] }>;
}

/** The team page's calls (bff/console/team.ts). */
export async function GET(request: NextRequest, route: TeamRoute) {
  return teamRoute(request, (await route.params).path ?? []);
}

export async function POST(request: NextRequest, route: TeamRoute) {
  return teamRoute(request, (await route.params).path ?? []);
}

export async function PATCH(request: NextRequest, route: TeamRoute) {
  return teamRoute(request, (await route.params).path ?? []);
}

export async function DELETE(request: NextRequest, route: TeamRoute) {
  return teamRoute(request, (await route.params).path ?? []);
}
