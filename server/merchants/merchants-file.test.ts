import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openPglite, type DatabaseHandle } from '../db';
import { readMerchantsFile } from './merchants-file';
import { MerchantDirectory } from './merchant-directory';
import { provisionMerchants } from './provision';
import { hashSecret } from './secret-hash';

const example = fileURLToPath(new URL('../../merchants.example.json', import.meta.url));
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openPglite('memory://');
  await migrateToLatest(handle.db);
});
afterAll(() => handle.close());

describe('the merchants file', () => {
  it('reads the README example, money settings included, into exact settings', async () => {
    const entries = await readMerchantsFile(example);
    const [sandbox] = await provisionMerchants(handle.db, randomBytes(32), entries);
    expect(sandbox!.settings).toMatchObject({
      vatBps: 700,
      settlementDelaySecs: 86_400,
      payoutFees: {
        default: { percentBps: 100 },
        BANK_TRANSFER: { percentBps: 0, fixedMinor: { THB: '1500' } },
      },
    });
  });

  it("stores the live example's collection accounts, a feed API key only as its keyed hash", async () => {
    const pepper = randomBytes(32);
    const entries = await readMerchantsFile(example);
    const [, live] = await provisionMerchants(handle.db, pepper, entries);
    const promptPay = live!.collectionAccounts.find((account) => account.id === 'kbank-promptpay');
    const apiKey = 'replace-me-with-a-random-feed-api-key-of-32-characters-or-more';
    expect(promptPay).toMatchObject({ type: 'PROMPTPAY', currency: 'THB', promptPayId: '0105550123451' });
    expect(promptPay?.feed).toEqual({ apiKeyHash: hashSecret(pepper, apiKey).toString('hex') });
    expect(JSON.stringify(live)).not.toContain(apiKey);
    const directory = new MerchantDirectory(handle.db, pepper);
    await directory.load();
    expect(await directory.findByFeedApiKey(apiKey)).toMatchObject({
      merchant: { code: 'acme-live' },
      account: { id: 'kbank-promptpay' },
    });
    expect(await directory.findByFeedApiKey(`${apiKey}x`)).toBeUndefined();
  });
});
