import { randomBytes } from 'node:crypto';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openPglite, type DatabaseHandle } from '../db';
import { MerchantDirectory } from './merchant-directory';
import { provisionMerchants } from './provision';

let handle: DatabaseHandle;
const pepper = randomBytes(32);
let queries = 0;
const counting: KyselyPlugin = {
  transformQuery: (args) => {
    queries++;
    return args.node;
  },
  transformResult: (args) => Promise.resolve(args.result),
};

beforeAll(async () => {
  handle = await openPglite('memory://');
  await migrateToLatest(handle.db);
  await provisionMerchants(handle.db, pepper, [
    { merchantCode: 'shop', secret: 'sk_test_0123456789abcdef', channelName: 'Shop', test: true },
  ]);
});
afterAll(() => handle.close());

describe('MerchantDirectory', () => {
  it('checks credentials from memory: strangers choosing codes cost no database lookup', async () => {
    const directory = new MerchantDirectory(handle.db.withPlugin(counting), pepper);
    await directory.load();
    queries = 0;
    for (let i = 0; i < 50; i++)
      expect(directory.authenticateKnown(`stranger-${i}`, 'guess')).toBeUndefined();
    expect(directory.authenticateKnown('shop', 'wrong')).toBeUndefined();
    expect(directory.authenticateKnown('shop', 'sk_test_0123456789abcdef')?.code).toBe('shop');
    expect(queries).toBe(0);
  });

  it('learns merchants provisioned elsewhere on refresh', async () => {
    const directory = new MerchantDirectory(handle.db, pepper);
    await directory.load();
    await provisionMerchants(handle.db, pepper, [
      { merchantCode: 'late', secret: 'sk_test_late_0123456789', channelName: 'Late', test: true },
    ]);
    expect(directory.authenticateKnown('late', 'sk_test_late_0123456789')).toBeUndefined();
    await directory.refresh();
    expect(directory.authenticateKnown('late', 'sk_test_late_0123456789')?.code).toBe('late');
  });
});
