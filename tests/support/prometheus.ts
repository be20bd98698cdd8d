import parsePrometheusTextFormat, { type ParsedFamily } from 'parse-prometheus-text-format';

/**
 * A scrape of GET /metrics read by a Prometheus text-format parser (not by our own line splitting):
 * a family that does not parse, or two of one name, fails the test that reads it.
 */
export class Scrape {
  private readonly families: Map<string, ParsedFamily>;

  constructor(readonly text: string) {
    const families = parsePrometheusTextFormat(text);
    this.families = new Map(families.map((family) => [family.name, family]));
    if (this.families.size !== families.length) throw new Error('a metric family is exposed twice');
  }

  family(name: string): ParsedFamily | undefined {
    return this.families.get(name);
  }

  /** The value of the counter or gauge sample whose labels include these, or undefined. */
  value(name: string, labels: Record<string, string> = {}): number | undefined {
    const sample = this.sampleOf(name, labels);
    return sample?.value === undefined ? undefined : Number(sample.value);
  }

  /**
   * A labelled histogram's count and cumulative buckets (by `le`), or undefined. The parser (which
   * has accepted the whole text by then) flattens labelled histograms into one set of buckets, so
   * their `_count` and `_bucket` series are read line by line here.
   */
  histogram(name: string, labels: Record<string, string> = {}) {
    if (this.family(name)?.type !== 'HISTOGRAM') return undefined;
    const series = (suffix: string, extra: Record<string, string> = {}) =>
      this.seriesValue(`${name}${suffix}`, { ...labels, ...extra });
    const count = series('_count');
    if (count === undefined) return undefined;
    return { count, bucket: (le: string) => series('_bucket', { le }) };
  }

  private seriesValue(series: string, labels: Record<string, string>): number | undefined {
    const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
    for (const line of this.text.split('\n')) {
      if (!line.startsWith(`${series}{`) && !line.startsWith(`${series} `)) continue;
      const open = line.indexOf('{');
      const inner = open === series.length ? line.slice(open + 1, line.indexOf('}')).split(',') : [];
      if (wanted.every((pair) => inner.includes(pair))) return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
    return undefined;
  }

  private sampleOf(name: string, labels: Record<string, string>) {
    return this.family(name)?.metrics.find((sample) =>
      Object.entries(labels).every(([key, value]) => sample.labels?.[key] === value),
    );
  }
}

/** Scrapes an instance's /metrics (beside /api), with its METRICS_TOKEN if it has one. */
export async function scrapeMetrics(apiBaseUrl: string, token?: string): Promise<Scrape> {
  const response = await fetch(apiBaseUrl.replace(/\/api$/, '/metrics'), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}`);
  return new Scrape(await response.text());
}
