import { NextResponse, type NextRequest } from 'next/server';
import { downloadFromApi } from '@/bff/console/download';
import { exportApiQuery, parseExportForm, type ExportForm } from '@/lib/console/exports';

/** Back to the form, with what was asked and what went wrong (a plain GET form: no script needed). */
function back(problem: string, asked: Partial<Record<keyof ExportForm, string>>): NextResponse {
  const query = new URLSearchParams({ ...asked, problem });
  return new NextResponse(null, {
    status: 303,
    headers: { location: `/console/exports?${query.toString()}`, 'cache-control': 'no-store' },
  });
}

/**
 * An export or the settlement report of a period (docs/decisions/045), streamed to the browser as
 * the API writes it, in the merchant's time zone: the export page's form lands here.
 */
export async function GET(request: NextRequest) {
  const asked = Object.fromEntries(
    (['kind', 'from', 'to', 'format'] as const).map((name) => [
      name,
      (request.nextUrl.searchParams.get(name) ?? '').slice(0, 40),
    ]),
  );
  const parsed = parseExportForm(asked);
  if ('problem' in parsed) return back(parsed.problem, asked);
  const { form } = parsed;
  return downloadFromApi(request, ['exports', form.kind], {
    search: `?${exportApiQuery(form)}`,
    accept: 'text/csv, application/jsonl, application/problem+json',
    onRefusal: ({ code }) => back(code === 'ROLE_NOT_PERMITTED' ? 'role' : 'failed', form),
  });
}
