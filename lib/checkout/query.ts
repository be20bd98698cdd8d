type Query = Record<string, string | string[] | undefined>;

/** Our own step and outcome parameters, never the merchant's. */
export const PAGE_PARAMS = ['choice', 'pick', 'e', 'f', 'ref', 'referr', 'sim', 'arrival'] as const;

/** The page's query as flat strings, without the parameters named. */
export function flatQuery(query: Query, omit: readonly string[] = PAGE_PARAMS): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).flatMap(([key, value]) =>
      typeof value === 'string' && !omit.includes(key) ? [[key, value]] : [],
    ),
  );
}

/** "?a=b&c=d" of a flat query ("" when empty). */
export function toSearch(query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return search ? `?${search}` : '';
}

export function single(query: Query, name: string): string | undefined {
  const value = query[name];
  return typeof value === 'string' ? value : undefined;
}
