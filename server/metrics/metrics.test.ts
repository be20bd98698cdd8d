import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Metrics } from './metrics';

describe('Metrics', () => {
  it('reads gauges at scrape time and leaves out one whose read fails', async () => {
    const metrics = new Metrics();
    let backlog = 3;
    metrics.gauge('payin_test_backlog', 'A test gauge.', ['state'], () => [
      { labels: { state: 'due' }, value: backlog },
    ]);
    metrics.gauge('payin_test_broken', 'A gauge that cannot be read.', ['state'], () => {
      throw new Error('database down');
    });
    expect((await metrics.exposition()).body).toContain('payin_test_backlog{state="due"} 3');
    backlog = 5;
    const { body, contentType } = await metrics.exposition();
    expect(body).toContain('payin_test_backlog{state="due"} 5');
    expect(body).not.toMatch(/^payin_test_broken\{/m);
    expect(contentType).toMatch(/^text\/plain/);
  });

  it('keeps two runtimes apart', async () => {
    const one = new Metrics();
    const other = new Metrics();
    one.payinsCreated.inc({ method: 'QRTH' });
    expect((await other.exposition()).body).not.toContain('payin_payins_created_total{method="QRTH"}');
  });

  it('has every metric the Grafana dashboard in the repository charts', async () => {
    const metrics = new Metrics();
    metrics.gauge('payin_callback_backlog', 'x', ['state'], () => []);
    metrics.gauge('payin_db_pool_connections', 'x', ['state'], () => []);
    metrics.gauge('payin_reconciliation_review_queue', 'x', ['currency'], () => []);
    const names = new Set(
      (await metrics.registry.getMetricsAsJSON()).flatMap((metric) =>
        String(metric.type) === 'histogram'
          ? [`${metric.name}_bucket`, `${metric.name}_count`, `${metric.name}_sum`]
          : [metric.name],
      ),
    );
    await metrics.exposition();
    for (const metric of await metrics.registry.getMetricsAsJSON()) names.add(metric.name);
    const dashboard = readFileSync(
      new URL('../../docs/operations/grafana-dashboard.json', import.meta.url),
      'utf8',
    );
    const charted = [...new Set(dashboard.match(/payin_[a-z0-9_]+/g) ?? [])];
    expect(charted.length).toBeGreaterThan(8);
    expect(charted.filter((name) => !names.has(name))).toEqual([]);
  });
});
