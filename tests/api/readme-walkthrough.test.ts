import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi, type TestMerchant } from '../support/test-api';

// The README's walk-through, run as written (bash and curl) against a started API: a newcomer who
// copies it gets what it promises. Only the two values the README asks the reader to fill in are
// set: the API's address and the demo merchant's secret.
const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const BASE_LINE = 'BASE=http://localhost:3000/api';
const SECRET_LINE = 'SECRET=sk_test_...   # printed at start';

/** The first shell block after the heading. */
function shellBlockUnder(heading: string): string {
  const section = README.indexOf(`\n## ${heading}\n`);
  expect(section, `README has "## ${heading}"`).toBeGreaterThan(0);
  const block = /```sh\n([\s\S]*?)```/.exec(README.slice(section));
  expect(block, `a sh block under "## ${heading}"`).not.toBeNull();
  return block![1]!;
}

let api: TestApi;
let demo: TestMerchant;

beforeAll(async () => {
  api = await startTestApi();
  demo = await api.createMerchant({ merchantCode: 'demo', channelName: 'Demo Shop' });
});
afterAll(() => api.close());

describe("the README's walk-through", () => {
  it('token → create → read, then a hosted-page RedirectURL whose token pays exactly its terms', async () => {
    const walkThrough = shellBlockUnder('Walk-through: token → create → read');
    const hostedPage = shellBlockUnder('The hosted payment page');
    expect(walkThrough).toContain(BASE_LINE);
    expect(walkThrough).toContain(SECRET_LINE);
    const script = [
      'set -euo pipefail',
      walkThrough.replace(BASE_LINE, `BASE=${api.baseUrl}`).replace(SECRET_LINE, `SECRET=${demo.secret}`),
      hostedPage,
    ].join('\n');
    const { stdout } = await promisify(execFile)('bash', ['-c', script], { timeout: 20_000 });
    const [created, read, url, ...rest] = stdout.trim().split('\n');
    expect(rest).toEqual([]);

    // 2. The create's answer, and 3. the read.
    expect(JSON.parse(created!)).toMatchObject({
      paymentMethodResponse: { idPayin: 'order-1001', paymentMethodCode: 'OFFLINE' },
    });
    expect(JSON.parse(read!)).toMatchObject({ process: { status: 'PENDING', isTest: true } });

    // The RedirectURL: one line, the page's token in it, the query the same terms the token binds.
    const redirect = new URL(url!);
    expect(redirect.origin).toBe('http://localhost:3000');
    const query = Object.fromEntries(redirect.searchParams);
    expect(query).toMatchObject({
      merchantCode: 'demo',
      idPayin: 'order-1002',
      amount: '1500.50',
      currencyCode: 'THB',
      callbackUrl: 'https://merchant.example/callbacks',
      returnUrl: 'https://merchant.example/return',
    });
    expect(query.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // The page's token creates that payment with those terms, and nothing else.
    const create = (amount: number) =>
      fetch(`${api.baseUrl}/payins/order-1002`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${query.token}`,
          'content-type': 'application/json',
          'x-api-version': '2',
        },
        body: JSON.stringify({
          paymentRequested: { money: { amount, currencyCode: 'THB' } },
          paymentMethod: { paymentMethodCode: 'OFFLINE' },
          callbackUrl: query.callbackUrl,
          returnUrl: query.returnUrl,
        }),
      });
    expect((await create(1)).status).toBe(403);
    expect((await create(1500.5)).status).toBe(201);
  });
});
