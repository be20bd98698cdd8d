/** Request or message headers, one per line, names as sent. */
export function HeadersList({ headers }: { headers: Record<string, string> }) {
  return (
    <dl className="console-kv console-headers">
      {Object.entries(headers).map(([name, value]) => (
        <div key={name} className="console-kv-row">
          <dt>
            <code>{name}</code>
          </dt>
          <dd>
            <code>{value}</code>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** JSON text pretty-printed when it parses, else as it came. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
