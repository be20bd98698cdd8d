import Link from 'next/link';

/**
 * The pager under a console list: back to the newest page (not while on it: that page is live)
 * and on to older items from the API's nextCursor, with the live list's hint. `query` is the
 * page's own query without its cursor (the filters), kept on both links.
 */
export function ConsolePager({
  path,
  query = '',
  nextCursor,
  live,
  text,
}: {
  path: `/console/${string}`;
  query?: string;
  nextCursor: string | null | undefined;
  live: boolean;
  text: { pages: string; newest: string; older: string; liveHint: string };
}) {
  const older = new URLSearchParams(query);
  if (nextCursor) older.set('cursor', nextCursor);
  return (
    <>
      <nav className="console-pager" aria-label={text.pages}>
        {!live ? <Link href={query ? `${path}?${query}` : path}>{text.newest}</Link> : <span />}
        {nextCursor ? <Link href={`${path}?${older.toString()}`}>{text.older}</Link> : <span />}
      </nav>
      {live && (
        <p className="console-hint" aria-live="off">
          {text.liveHint}
        </p>
      )}
    </>
  );
}
