import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openPglite, type DatabaseHandle } from '../db';
import { readMerchantsFile } from './merchants-file';
import { provisionMerchants } from './provision';

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
});
