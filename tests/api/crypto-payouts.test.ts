import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { getAddress, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedgerInvariants } from '@/server/audit';
import type { PayoutResource } from '@/lib/api/payout-responses';
import type { PayoutSender } from '@/server/chain';
import type { MerchantEntry } from '@/server/merchants';
import { ALL_PAYIN_OPERATIONS, PacedApiClient } from '../support/api-client';
import { newIdPayin } from '../support/builders';
import { devAccountKey, startEvmNode, type EvmNode } from '../support/evm/evm-node';
import { methodRequest } from '../support/method-requests';
import { expectProblem } from '../support/problem';
import { startTestApi, type TestApi, type TestMerchant } from '../support/test-api';

// Live crypto payouts from the operator's hot wallet (docs/decisions/043) on a real local EVM node
// (anvil): signed with leased nonces, confirmed → SUCCESS, reverted or replaced → REFUSED and
// released, resent after a crash, and two instances never sending one payout twice.

const CONFIRMATIONS = 2;
const OPERATIONS = [
  ...ALL_PAYIN_OPERATIONS,
  'POST /payouts/.*',
  'GET /payouts.*',
  'POST /payins/.*/refunds/.*',
  'GET /payins/.*/refunds.*',
  'GET /collection/.*',
  'GET /balances',
];

let node: EvmNode;
let api: TestApi;
let client: PacedApiClient;
let hot: Address;
let env: Record<string, string>;

beforeAll(async () => {
  node = await startEvmNode();
  hot = node.accounts[3]!;
  const keyFile = path.join(mkdtempSync(path.join(tmpdir(), 'hot-wallet-')), 'ethereum.key');
  writeFileSync(keyFile, `${devAccountKey(3)}\n`, { mode: 0o600 });
  env = {
    CHAIN_RPC_URL_ETHEREUM: node.rpcUrl,
    CHAIN_ID_ETHEREUM: String(node.chainId),
    CHAIN_TOKEN_USDT_ETHEREUM: node.token,
    CHAIN_CONFIRMATIONS_ETHEREUM: String(CONFIRMATIONS),
    CHAIN_WALLET_KEY_FILE_ETHEREUM: keyFile,
  };
  api = await startTestApi(env);
  client = new PacedApiClient(api.baseUrl);
  // The operator's float: 1,000 USDT in the hot wallet (gas: anvil's development ether). The
  // treasury may take it back: how a test makes a sent transfer fail on chain.
  await node.pay(hot, 1_000_000_000n);
  await node.approveTreasury(hot);
  // The watcher's first round sets its cursor: it sees what is mined from then on.
  await api.runtime.chainWatchers[0]!.scan();
}, 60_000);
afterAll(async () => {
  // Every payout reserved once and debited or released by its end; the balances add up.
  if (api) expect(await checkLedgerInvariants(api.runtime.deps.db)).toEqual([]);
  await api?.close();
  await node?.stop();
});

function senderOf(target: TestApi = api): PayoutSender {
  const sender = target.runtime.payoutSenders[0];
  if (!sender) throw new Error('no payout sender');
  return sender;
}

function newAddress(): Address {
  return getAddress(`0x${randomBytes(20).toString('hex')}`);
}

interface Shop {
  merchant: TestMerchant;
  token: string;
  /** The payin that funded it. */
  idPayin: string;
}

/** A live merchant with `funds` USDT available: a customer's payment seen on chain and confirmed. */
async function fundedShop(funds: bigint): Promise<Shop> {
  const address = newAddress();
  const merchant = await api.createMerchant({
    test: false,
    fees: { default: { percent: 0 } },
    payoutFees: { default: { percent: 0 } },
    collectionAccounts: [
      {
        id: 'usdt',
        type: 'CRYPTO',
        currency: 'USDT',
        network: 'ETHEREUM',
        addresses: [address],
        accountName: 'Shop',
      },
    ] as NonNullable<MerchantEntry['collectionAccounts']>,
  });
  const token = await client.token(merchant, OPERATIONS);
  const body = methodRequest('CRYPTO_OFFLINE', 'USDT', { paymentOperatorCode: 'ETHEREUM' });
  body.paymentRequested.money.amount = Number(funds) / 1e6;
  const idPayin = newIdPayin('fund');
  const created = await client.request<{ paymentMethodResponse: { cryptoPayment: { amount: string } } }>(
    'POST',
    `/payins/${idPayin}`,
    { token, body },
  );
  expect(created.status, created.text).toBe(201);
  const [whole, fraction = ''] = created.body.paymentMethodResponse.cryptoPayment.amount.split('.');
  await node.pay(address, BigInt(whole!) * 1_000_000n + BigInt(fraction.padEnd(6, '0')));
  await node.mine(CONFIRMATIONS);
  const watcher = api.runtime.chainWatchers[0]!;
  while (await watcher.scan());
  const payin = await client.request<{ process: { status: string } }>('GET', `/payins/${idPayin}`, { token });
  expect(payin.body.process.status).toBe('SUCCESS');
  return { merchant, token, idPayin };
}

async function available(shop: Shop): Promise<number> {
  const response = await client.request<{ data: { available: { amount: number } }[] }>(
    'GET',
    '/balances?currencies=USDT',
    { token: shop.token },
  );
  return response.body.data[0]!.available.amount;
}

function payout(shop: Shop, idPayout: string, amount: number, to: Address, baseUrl = api.baseUrl) {
  return new PacedApiClient(baseUrl).request<PayoutResource>('POST', `/payouts/${idPayout}`, {
    token: shop.token,
    body: {
      paymentRequested: { money: { amount, currencyCode: 'USDT' } },
      paymentMethod: {
        paymentMethodCode: 'CRYPTO',
        paymentOperatorCode: 'ETHEREUM',
        account: { accountNumber: to },
      },
      // Nothing listens: these tests run no callback dispatcher.
      callbackUrl: 'http://127.0.0.1:9/payouts',
    },
  });
}

/** The payout's process: status and processorStatus. */
async function payoutOf(shop: Shop, idPayout: string) {
  const response = await client.request<PayoutResource>('GET', `/payouts/${idPayout}`, { token: shop.token });
  expect(response.status, response.text).toBe(200);
  return response.body.process;
}

async function sendAll(sender: PayoutSender = senderOf()): Promise<void> {
  while (await sender.round());
}

/** Tops the hot wallet's float up to `units`. */
async function setFloat(units: bigint): Promise<void> {
  const balance = await node.balanceOf(hot);
  if (balance < units) await node.pay(hot, units - balance);
}

describe('live crypto payouts', () => {
  it('sends from the hot wallet, SUCCESS once confirmed, the money debited from the balance', async () => {
    const shop = await fundedShop(50_000_000n);
    const to = newAddress();
    const created = await payout(shop, 'po-chain-1', 12.5, to);
    expect(created.status, created.text).toBe(201);
    expect(created.body.process).toMatchObject({ status: 'PENDING' });
    expect(await available(shop)).toBe(37.5);

    await sendAll();
    await expect.poll(() => node.balanceOf(to)).toBe(12_500_000n);
    expect(await payoutOf(shop, 'po-chain-1')).toMatchObject({ status: 'PENDING' });
    await node.mine(CONFIRMATIONS);
    await sendAll();
    expect(await payoutOf(shop, 'po-chain-1')).toMatchObject({
      status: 'SUCCESS',
      processorStatus: 'APPROVED',
    });
    expect(await available(shop)).toBe(37.5);
    // Later rounds send nothing more.
    await node.mine(CONFIRMATIONS);
    await sendAll();
    await expect.poll(() => node.balanceOf(to)).toBe(12_500_000n);
  });

  it('a transaction that reverts on chain ends REFUSED TRANSACTION_FAILED and gives the money back', async () => {
    const shop = await fundedShop(40_000_000n);
    const to = newAddress();
    await node.setAutomine(false);
    try {
      expect((await payout(shop, 'po-revert', 10, to)).status).toBe(201);
      await sendAll();
      // Before it is mined, the float leaves the hot wallet: the transfer finds nothing to send.
      await node.takeFrom(hot, await node.balanceOf(hot));
      await node.mine(1);
    } finally {
      await node.setAutomine(true);
    }
    await setFloat(1_000_000_000n);
    await node.mine(CONFIRMATIONS);
    await sendAll();
    expect(await payoutOf(shop, 'po-revert')).toMatchObject({
      status: 'REFUSED',
      processorStatus: 'TRANSACTION_FAILED',
    });
    expect(await node.balanceOf(to)).toBe(0n);
    expect(await available(shop)).toBe(40);
  });

  it('a transaction dropped and its nonce taken by another ends REFUSED TRANSACTION_REPLACED, released', async () => {
    const shop = await fundedShop(20_000_000n);
    const to = newAddress();
    await node.setAutomine(false);
    let nonce: number;
    try {
      expect((await payout(shop, 'po-replaced', 5, to)).status).toBe(201);
      await sendAll();
      const [sent] = await api.database.db
        .selectFrom('chain_payouts')
        .selectAll()
        .where('status', '=', 'SENT')
        .execute();
      nonce = Number(sent!.nonce);
      await node.dropTransaction(sent!.tx_hash as `0x${string}`);
      await node.spendNonce(hot, nonce);
      await node.mine(1);
    } finally {
      await node.setAutomine(true);
    }
    await node.mine(CONFIRMATIONS);
    await sendAll();
    expect(await payoutOf(shop, 'po-replaced')).toMatchObject({
      status: 'REFUSED',
      processorStatus: 'TRANSACTION_REPLACED',
    });
    expect(await node.balanceOf(to)).toBe(0n);
    expect(await available(shop)).toBe(20);
    // The wallet goes on from the next nonce.
    expect((await payout(shop, 'po-after-replaced', 5, to)).status).toBe(201);
    await sendAll();
    await node.mine(CONFIRMATIONS);
    await sendAll();
    expect(await payoutOf(shop, 'po-after-replaced')).toMatchObject({ status: 'SUCCESS' });
  });

  it('resends the recorded transaction after a crash before its broadcast, never a second one', async () => {
    const shop = await fundedShop(20_000_000n);
    const to = newAddress();
    await senderOf().release();
    const crashing = await startTestApi(env, {
      sharing: api,
      hotWallet: (_network, real) => ({
        ...real,
        broadcast: () => Promise.reject(new Error('killed before broadcasting')),
      }),
    });
    try {
      expect((await payout(shop, 'po-crash', 7, to)).status).toBe(201);
      await sendAll(senderOf(crashing));
      expect(await node.balanceOf(to)).toBe(0n);
    } finally {
      await senderOf(crashing).release();
      await crashing.close();
    }
    await sendAll();
    await node.mine(CONFIRMATIONS);
    await sendAll();
    expect(await payoutOf(shop, 'po-crash')).toMatchObject({ status: 'SUCCESS' });
    await expect.poll(() => node.balanceOf(to)).toBe(7_000_000n);
  });

  it('two instances racing for the wallet send each payout once, with consecutive nonces', async () => {
    const shop = await fundedShop(100_000_000n);
    const other = await startTestApi(env, { sharing: api });
    try {
      const recipients = Array.from({ length: 6 }, newAddress);
      for (const [index, to] of recipients.entries())
        expect((await payout(shop, `po-race-${index}`, 3 + index, to)).status).toBe(201);
      await senderOf().release();
      for (let round = 0; round < 3; round++)
        await Promise.all([senderOf().round(), senderOf(other).round()]);
      await node.mine(CONFIRMATIONS);
      for (let round = 0; round < 3; round++)
        await Promise.all([senderOf().round(), senderOf(other).round()]);
      for (const [index, to] of recipients.entries()) {
        expect(await payoutOf(shop, `po-race-${index}`)).toMatchObject({ status: 'SUCCESS' });
        await expect.poll(() => node.balanceOf(to)).toBe(BigInt(3 + index) * 1_000_000n);
      }
      const nonces = (
        await api.database.db.selectFrom('chain_payouts').select('nonce').orderBy('nonce').execute()
      ).map((row) => Number(row.nonce));
      expect(new Set(nonces).size).toBe(nonces.length);
      expect(nonces.at(-1)! - nonces[0]!).toBe(nonces.length - 1);
    } finally {
      await senderOf(other).release();
      await other.close();
    }
  });

  it('waits while gas costs more than the ceiling, sending nothing', async () => {
    const shop = await fundedShop(10_000_000n);
    await senderOf().release();
    const stingy = await startTestApi(
      { ...env, CHAIN_GAS_CEILING_GWEI_ETHEREUM: '0.000001' },
      { sharing: api },
    );
    try {
      expect((await payout(shop, 'po-gas', 2, newAddress())).status).toBe(201);
      expect(await senderOf(stingy).round()).toBe(false);
      expect(await payoutOf(shop, 'po-gas')).toMatchObject({ status: 'PENDING' });
      const sent = await api.database.db.selectFrom('chain_payouts').selectAll().execute();
      expect(sent.every((row) => row.status !== 'SENT')).toBe(true);
    } finally {
      await senderOf(stingy).release();
      await stingy.close();
    }
    await sendAll();
    await node.mine(CONFIRMATIONS);
    await sendAll();
    expect(await payoutOf(shop, 'po-gas')).toMatchObject({ status: 'SUCCESS' });
  });

  it('refunds a payin to the wallet the merchant names, from the hot wallet, SUCCESS once confirmed', async () => {
    const shop = await fundedShop(30_000_000n);
    const to = newAddress();
    const refund = (idRefund: string, amount: number, baseUrl = api.baseUrl) =>
      new PacedApiClient(baseUrl).request<{ status: string; processorStatus?: string }>(
        'POST',
        `/payins/${shop.idPayin}/refunds/${idRefund}`,
        {
          token: shop.token,
          body: {
            money: { amount, currencyCode: 'USDT' },
            reason: 'Order cancelled',
            destination: {
              paymentMethodCode: 'CRYPTO',
              paymentOperatorCode: 'ETHEREUM',
              account: { accountNumber: to },
            },
          },
        },
      );
    const created = await refund('rf-chain', 12);
    expect(created.status, created.text).toBe(201);
    expect(created.body.status).toBe('PENDING');
    expect(await available(shop)).toBe(18);
    await sendAll();
    await node.mine(CONFIRMATIONS);
    await sendAll();
    const read = await client.request<{ status: string; processorStatus?: string }>(
      'GET',
      `/payins/${shop.idPayin}/refunds/rf-chain`,
      { token: shop.token },
    );
    expect(read.body).toMatchObject({ status: 'SUCCESS', processorStatus: 'APPROVED' });
    await expect.poll(() => node.balanceOf(to)).toBe(12_000_000n);
    expect(await available(shop)).toBe(18);
    const [row] = await api.database.db
      .selectFrom('chain_payouts')
      .selectAll()
      .where('kind', '=', 'REFUND')
      .execute();
    expect(row).toMatchObject({ status: 'CONFIRMED' });

    // Where no hot wallet sends on the network: 422 saying what the operator sets, nothing kept.
    const { CHAIN_WALLET_KEY_FILE_ETHEREUM: _key, ...withoutWallet } = env;
    const walletless = await startTestApi(withoutWallet, { sharing: api });
    try {
      const refused = await refund('rf-no-wallet', 1, walletless.baseUrl);
      expectProblem(refused, 422, 'REFUNDS_NOT_AVAILABLE');
      expect(refused.text).toContain('CHAIN_WALLET_KEY_FILE_ETHEREUM');
    } finally {
      await walletless.close();
    }
    expect(await available(shop)).toBe(18);
  });

  it('answers 422 PAYOUTS_NOT_AVAILABLE where no hot wallet pays the network, storing nothing', async () => {
    const shop = await fundedShop(10_000_000n);
    const { CHAIN_WALLET_KEY_FILE_ETHEREUM: _key, ...withoutWallet } = env;
    const walletless = await startTestApi(withoutWallet, { sharing: api });
    try {
      const refused = await payout(shop, 'po-no-wallet', 2, newAddress(), walletless.baseUrl);
      expectProblem(refused, 422, 'PAYOUTS_NOT_AVAILABLE');
      expect(refused.text).toContain('CHAIN_WALLET_KEY_FILE_ETHEREUM');
    } finally {
      await walletless.close();
    }
    expect((await client.request('GET', '/payouts/po-no-wallet', { token: shop.token })).status).toBe(404);
    expect(await available(shop)).toBe(10);
  });
});
