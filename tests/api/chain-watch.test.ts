import { randomBytes } from 'node:crypto';
import { getAddress, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedgerInvariants } from '@/server/audit';
import type { CollectionTransactionResource } from '@/lib/api/collection-responses';
import {
  createChainWatch,
  transfersOfTransaction,
  type ChainReader,
  type ChainWatcher,
} from '@/server/chain';
import { loadConfig } from '@/server/config';
import { createLogger } from '@/server/logger';
import type { MerchantEntry } from '@/server/merchants';
import { createRuntime } from '@/server/runtime';
import { ALL_PAYIN_OPERATIONS, PacedApiClient } from '../support/api-client';
import { newIdPayin } from '../support/builders';
import { startEvmNode, type EvmNode } from '../support/evm/evm-node';
import { methodRequest } from '../support/method-requests';
import { manualClock, startTestApi, type TestApi, type TestMerchant } from '../support/test-api';
import { openTestDatabase } from '../support/test-database';

// The chain watcher (docs/decisions/041) against a real local EVM node (anvil) with a deployed
// 6-decimal ERC-20: transfers to live merchants' addresses become incoming transactions once
// they have their confirmations, matched as bank credits are.

const CONFIRMATIONS = 3;
let node: EvmNode;
let api: TestApi;
let client: PacedApiClient;
const clock = manualClock();

function chainEnv(node: EvmNode): Record<string, string> {
  return {
    CHAIN_RPC_URL_ETHEREUM: node.rpcUrl,
    CHAIN_ID_ETHEREUM: String(node.chainId),
    CHAIN_TOKEN_USDT_ETHEREUM: node.token,
    CHAIN_CONFIRMATIONS_ETHEREUM: String(CONFIRMATIONS),
  };
}

beforeAll(async () => {
  node = await startEvmNode();
  api = await startTestApi(chainEnv(node), { clock });
  client = new PacedApiClient(api.baseUrl);
}, 60_000);
afterAll(async () => {
  // Every payout reserved once and debited or released by its end; the balances add up.
  if (api) expect(await checkLedgerInvariants(api.runtime.deps.db)).toEqual([]);
  await api?.close();
  await node?.stop();
});

function watcherOf(target: TestApi = api): ChainWatcher {
  const watcher = target.runtime.chainWatchers[0];
  if (!watcher) throw new Error('no chain watcher');
  return watcher;
}

function newAddress(): Address {
  return getAddress(`0x${randomBytes(20).toString('hex')}`);
}

interface Shop {
  merchant: TestMerchant;
  token: () => Promise<string>;
  addresses: Address[];
}

/** A live merchant taking USDT on Ethereum at fresh addresses (one: unique amounts; several: rotation). */
async function liveShop(addressCount = 1): Promise<Shop> {
  const addresses = Array.from({ length: addressCount }, newAddress);
  const merchant = await api.createMerchant({
    test: false,
    collectionAccounts: [
      {
        id: 'usdt-eth',
        type: 'CRYPTO',
        currency: 'USDT',
        network: 'ETHEREUM',
        addresses,
        accountName: 'Books',
      },
    ] as NonNullable<MerchantEntry['collectionAccounts']>,
  });
  return {
    merchant,
    addresses,
    token: () => client.token(merchant, [...ALL_PAYIN_OPERATIONS, 'GET /collection/.*']),
  };
}

interface Created {
  id: string;
  address: Address;
  /** What the customer is asked to send, in token base units. */
  units: bigint;
  expireAt: string;
}

async function cryptoPayin(shop: Shop, amount = 150.25): Promise<Created> {
  const id = newIdPayin('chain');
  const body = methodRequest('CRYPTO_OFFLINE', 'USDT', { paymentOperatorCode: 'ETHEREUM' });
  body.paymentRequested.money.amount = amount;
  const created = await client.request<{
    paymentMethodResponse: { cryptoPayment: { depositAddress: string; amount: string }; expireAt: string };
  }>('POST', `/payins/${id}`, { token: await shop.token(), body });
  expect(created.status, created.text).toBe(201);
  const crypto = created.body.paymentMethodResponse.cryptoPayment;
  return {
    id,
    address: getAddress(crypto.depositAddress),
    units: unitsOf(crypto.amount),
    expireAt: created.body.paymentMethodResponse.expireAt,
  };
}

function unitsOf(amount: string): bigint {
  const [whole, fraction = ''] = amount.split('.');
  return BigInt(whole!) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
}

async function payin(shop: Shop, id: string) {
  const read = await client.request<{
    process: { status: string; processorStatus?: string; moneyReceived?: { amount: number } };
  }>('GET', `/payins/${id}`, { token: await shop.token() });
  expect(read.status, read.text).toBe(200);
  return read.body.process;
}

async function transactions(shop: Shop): Promise<CollectionTransactionResource[]> {
  const response = await client.request<{ data: CollectionTransactionResource[] }>(
    'GET',
    '/collection/transactions',
    { token: await shop.token() },
  );
  expect(response.status, response.text).toBe(200);
  return response.body.data;
}

/** Scans until the watcher has caught up with the head (a round covers at most MAX_BLOCK_RANGE blocks). */
async function scanAll(watcher: ChainWatcher = watcherOf()): Promise<void> {
  while (await watcher.scan());
}

/** Mines enough blocks on top of the latest for every transfer so far to count, and scans. */
async function confirmAll(watcher?: ChainWatcher): Promise<void> {
  await node.mine(CONFIRMATIONS);
  await scanAll(watcher);
}

describe('payments on chain', () => {
  it('exact: seen at once, applied only with its confirmations, as a CHAIN transaction matched by amount', async () => {
    const shop = await liveShop();
    const created = await cryptoPayin(shop);
    const hash = await node.pay(created.address, created.units);
    await scanAll();
    const [seen] = await transfersOfTransaction(api.database.db, 'ETHEREUM', hash);
    expect(seen).toMatchObject({
      status: 'SEEN',
      amount_minor: created.units,
      to_address: created.address.toLowerCase(),
    });
    expect(await payin(shop, created.id)).toMatchObject({ status: 'PENDING' });
    expect(await transactions(shop)).toEqual([]);

    await confirmAll();
    expect(await payin(shop, created.id)).toMatchObject({ status: 'SUCCESS', processorStatus: 'APPROVED' });
    const [transaction] = await transactions(shop);
    expect(transaction).toMatchObject({
      source: 'CHAIN',
      outcome: 'APPLIED',
      matchedBy: 'AMOUNT',
      idPayin: created.id,
      bankTransactionId: `${hash}:${seen!.log_index}`,
    });
    expect((await transfersOfTransaction(api.database.db, 'ETHEREUM', hash))[0]).toMatchObject({
      status: 'CONFIRMED',
    });
    // Rounds after it change nothing.
    await confirmAll();
    expect(await transactions(shop)).toHaveLength(1);
    const metrics = await (await fetch(api.baseUrl.replace(/\/api$/, '/metrics'))).text();
    expect(metrics).toMatch(/payin_chain_transfers_total\{network="ETHEREUM",status="CONFIRMED"\} [1-9]/);
    expect(metrics).toMatch(/payin_chain_blocks_unconfirmed\{network="ETHEREUM"\} \d+/);
  });

  it('short and over to a rotating address: PARTIAL then APPLIED, and OVERPAID with the excess unapplied', async () => {
    const shop = await liveShop(2);
    const [short, over] = [await cryptoPayin(shop, 40), await cryptoPayin(shop, 60)];
    expect(new Set([short.address, over.address]).size).toBe(2);
    await node.pay(short.address, 15_000_000n);
    await node.pay(over.address, over.units + 2_500_000n);
    await confirmAll();
    expect(await payin(shop, short.id)).toMatchObject({ status: 'PENDING', moneyReceived: { amount: 15 } });
    expect(await payin(shop, over.id)).toMatchObject({ status: 'SUCCESS', processorStatus: 'OVERPAID' });
    await node.pay(short.address, short.units - 15_000_000n);
    await confirmAll();
    expect(await payin(shop, short.id)).toMatchObject({ status: 'SUCCESS', processorStatus: 'APPROVED' });
    const outcomes = (await transactions(shop)).map((t) => [t.matchedBy, t.outcome]);
    expect(outcomes).toEqual(
      expect.arrayContaining([
        ['ADDRESS', 'PARTIAL'],
        ['ADDRESS', 'APPLIED'],
        ['ADDRESS', 'OVERPAID'],
      ]),
    );
  });

  it('late: paid to a rotating address after its payin expired, booked LATE to it for review, the status unchanged', async () => {
    const shop = await liveShop(2);
    const created = await cryptoPayin(shop);
    const merchant = await api.runtime.deps.merchants.require(shop.merchant.merchantCode);
    const open = await api.runtime.deps.payins.get(merchant, created.id);
    const now = clock();
    clock.set(new Date(Date.parse(created.expireAt) + 1000));
    try {
      await api.runtime.deps.payins.expire(open);
      await node.pay(created.address, created.units);
      await confirmAll();
    } finally {
      clock.set(now);
    }
    expect(await payin(shop, created.id)).toMatchObject({ status: 'REFUSED', processorStatus: 'EXPIRED' });
    expect(await transactions(shop)).toMatchObject([
      { outcome: 'LATE', idPayin: created.id, needsReview: true },
    ]);
  });

  it('two deposits in one block, and two transfers of one transaction, each applied to its payin', async () => {
    const shop = await liveShop(2);
    const [a, b] = [await cryptoPayin(shop, 10), await cryptoPayin(shop, 11)];
    const other = await liveShop();
    const c = await cryptoPayin(other, 12);
    const d = await cryptoPayin(other, 13);
    await node.setAutomine(false);
    try {
      await node.pay(a.address, a.units, node.accounts[0]);
      await node.pay(c.address, c.units, node.accounts[0]);
      await node.mine(1);
    } finally {
      await node.setAutomine(true);
    }
    const many = await node.payMany([
      { to: b.address, units: b.units },
      { to: d.address, units: d.units },
    ]);
    await confirmAll();
    for (const [owner, created] of [
      [shop, a],
      [shop, b],
      [other, c],
      [other, d],
    ] as const)
      expect(await payin(owner, created.id)).toMatchObject({ status: 'SUCCESS' });
    const both = await transfersOfTransaction(api.database.db, 'ETHEREUM', many);
    expect(both.map((t) => t.status)).toEqual(['CONFIRMED', 'CONFIRMED']);
    expect(both[0]!.log_index).not.toBe(both[1]!.log_index);
  });
});

describe('reorganisations and restarts', () => {
  it('withdraws a transfer whose block left the chain before its confirmations, and applies the one mined again once', async () => {
    const shop = await liveShop();
    const created = await cryptoPayin(shop);
    const before = await node.snapshot();
    const hash = await node.pay(created.address, created.units);
    await scanAll();
    expect((await transfersOfTransaction(api.database.db, 'ETHEREUM', hash))[0]).toMatchObject({
      status: 'SEEN',
    });

    // The block with the transfer is replaced by empty ones: the chain reorganised under it.
    await node.revert(before);
    await node.mine(CONFIRMATIONS + 1);
    await scanAll();
    expect((await transfersOfTransaction(api.database.db, 'ETHEREUM', hash))[0]).toMatchObject({
      status: 'WITHDRAWN',
    });
    expect(await payin(shop, created.id)).toMatchObject({ status: 'PENDING' });
    expect(await transactions(shop)).toEqual([]);

    const again = await node.pay(created.address, created.units);
    await confirmAll();
    expect(await payin(shop, created.id)).toMatchObject({ status: 'SUCCESS' });
    expect(await transactions(shop)).toHaveLength(1);
    expect((await transfersOfTransaction(api.database.db, 'ETHEREUM', again)).at(-1)).toMatchObject({
      status: 'CONFIRMED',
    });
  });

  it('a watcher that fails mid-round leaves it to the next instance, which applies every transfer once', async () => {
    const shop = await liveShop(3);
    const created = [await cryptoPayin(shop, 21), await cryptoPayin(shop, 22), await cryptoPayin(shop, 23)];
    // A second instance on the same database whose reads of blocks fail after the first: it dies
    // after recording what it saw and before confirming anything.
    let blockReads = 0;
    const dying = await startTestApi(chainEnv(node), {
      sharing: api,
      clock,
      chainReader: (settings, real): ChainReader => {
        const reader = real(settings);
        return {
          ...reader,
          block: async (number) => {
            if (++blockReads > 1) throw new Error('killed mid-round');
            return reader.block(number);
          },
        };
      },
    });
    await watcherOf().release();
    try {
      for (const payment of created) await node.pay(payment.address, payment.units);
      await node.mine(CONFIRMATIONS);
      await expect(scanAll(watcherOf(dying))).rejects.toThrow('killed mid-round');
    } finally {
      await dying.close();
    }
    for (const payment of created) expect(await payin(shop, payment.id)).toMatchObject({ status: 'PENDING' });

    // It never gave its lease up: the first instance takes the network once the lease has run out.
    expect(await watcherOf().scan()).toBe(false);
    clock.advance(60_000);
    await scanAll();
    for (const payment of created) expect(await payin(shop, payment.id)).toMatchObject({ status: 'SUCCESS' });
    expect(await transactions(shop)).toHaveLength(3);
  });

  it('applies once what a crash between handing a transfer over and marking it left behind', async () => {
    const shop = await liveShop();
    const created = await cryptoPayin(shop);
    const hash = await node.pay(created.address, created.units);
    await confirmAll();
    expect(await payin(shop, created.id)).toMatchObject({ status: 'SUCCESS' });
    // The state such a crash leaves: the transfer still SEEN and the cursor before its block.
    const [transfer] = await transfersOfTransaction(api.database.db, 'ETHEREUM', hash);
    await api.database.db
      .updateTable('chain_transfers')
      .set({ status: 'SEEN', settled_at: null })
      .where('id', '=', transfer!.id)
      .execute();
    await api.database.db
      .updateTable('chain_cursors')
      .set({ next_block: transfer!.block_number })
      .where('network', '=', 'ETHEREUM')
      .execute();
    await scanAll();
    expect((await transfersOfTransaction(api.database.db, 'ETHEREUM', hash))[0]).toMatchObject({
      status: 'CONFIRMED',
    });
    expect(await transactions(shop)).toHaveLength(1);
    expect(await payin(shop, created.id)).toMatchObject({
      status: 'SUCCESS',
      moneyReceived: { amount: Number(created.units) / 1e6 },
    });
  });

  it('resumes after a restart from the last confirmed block: what was mined while it was down is applied', async () => {
    const shop = await liveShop();
    const created = await cryptoPayin(shop);
    await scanAll();
    await watcherOf().release();
    const down = await node.blockNumber();
    await node.pay(created.address, created.units);
    await node.mine(CONFIRMATIONS + 5);
    const restarted = await startTestApi(chainEnv(node), { sharing: api, clock });
    try {
      await scanAll(watcherOf(restarted));
      expect(await payin(shop, created.id)).toMatchObject({ status: 'SUCCESS' });
      const cursor = await api.database.db
        .selectFrom('chain_cursors')
        .selectAll()
        .where('network', '=', 'ETHEREUM')
        .executeTakeFirstOrThrow();
      expect(cursor.next_block).toBeGreaterThan(down);
    } finally {
      await watcherOf(restarted).release();
      await restarted.close();
    }
  });
});

describe('configuration', () => {
  async function start(env: Record<string, string>) {
    const database = await openTestDatabase();
    try {
      const runtime = await createRuntime(
        loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', BACKGROUND_WORKERS: 'false', ...env }),
        { logger: createLogger('silent'), database },
      );
      await runtime.close();
    } finally {
      await database.close().catch(() => undefined);
    }
  }

  it('refuses to start on another chain than the one configured, and checks each token is one', async () => {
    await expect(start({ ...chainEnv(node), CHAIN_ID_ETHEREUM: undefined! })).rejects.toThrow(
      /answers for chain 31337, not 1/,
    );
    const notAToken = createChainWatch({
      settings: loadConfig({ ...chainEnv(node), CHAIN_TOKEN_USDT_ETHEREUM: node.accounts[1]! }).chains,
      db: api.database.db,
      merchants: api.runtime.deps.merchants,
      reconciliation: api.runtime.collection,
      logger: createLogger('silent'),
      clock,
      pollMs: 1000,
    });
    await expect(notAToken.check()).rejects.toThrow(/No token contract answers/);
  }, 60_000);

  it('names every bad CHAIN_ variable at once', () => {
    expect(() =>
      loadConfig({
        CHAIN_RPC_URL_ETHEREUM: 'ftp://node',
        CHAIN_CONFIRMATIONS_POLYGON: '0',
        CHAIN_RCP_URL_ETHEREUM: 'http://typo',
      }),
    ).toThrow(/CHAIN_RPC_URL_ETHEREUM[\s\S]*CHAIN_CONFIRMATIONS_POLYGON[\s\S]*CHAIN_RCP_URL_ETHEREUM/);
  });

  it('starts while the endpoint does not answer (checked again before the first round)', async () => {
    await expect(
      start({ ...chainEnv(node), CHAIN_RPC_URL_ETHEREUM: 'http://127.0.0.1:9' }),
    ).resolves.toBeUndefined();
  });
});
