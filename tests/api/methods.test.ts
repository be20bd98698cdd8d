import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';
import { newIdPayin } from '../support/builders';
import { methodRequest } from '../support/method-requests';
import { isChecksumAddress } from '@/server/rails';
import { startTestApi, type TestApi } from '../support/test-api';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const REFERENCE = expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{10}$/);
const INSTITUTION = expect.stringMatching(/^https?:\/\/[^/]+\/sandbox\/institution\/[A-Za-z0-9_-]{22}$/);
const MINUTE = 60_000;

/** Creates a payin for a fresh merchant (its own rate-limit budget) and checks its validity window. */
async function create(method: string, currency: string, paymentMethod: Record<string, unknown> = {}) {
  const merchant = await api.createMerchant();
  const token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
  const id = newIdPayin();
  const response = await api.client.request<{ paymentMethodResponse: Record<string, unknown> }>(
    'POST',
    `/payins/${id}`,
    { token, body: methodRequest(method, currency, paymentMethod) },
  );
  expect(response.status).toBe(201);
  const body = response.body.paymentMethodResponse;
  return { id, token, body, validMinutes: (Date.parse(body.expireAt as string) - Date.now()) / MINUTE };
}

function common(id: string, method: string, money: { amount: number; currencyCode: string }) {
  return {
    idPayin: id,
    paymentMethodCode: method,
    money,
    expireAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    reference: REFERENCE,
    returnUrl: 'https://merchant.example/return',
  };
}

describe('QR methods', () => {
  it('QRTH: PromptPay QR for moneyRequired, our account behind it, the customer account', async () => {
    const { id, body, validMinutes } = await create('QRTH', 'THB');
    const money = { amount: 1500.5, currencyCode: 'THB' };
    expect(body).toEqual({
      ...common(id, 'QRTH', money),
      moneyRequired: money,
      account: {
        accountName: 'Test Shop',
        accountNumber: expect.stringMatching(/^[1-9]\d{9}$/),
        bankCode: '004',
        bankName: 'Kasikornbank',
      },
      accountCustomer: { accountName: 'Somchai Jaidee', accountNumber: '1234567890' },
      qrCode: expect.stringMatching(/^00020101021229370016A000000677010111/),
    });
    expect(validMinutes).toBeGreaterThan(14);
    expect(validMinutes).toBeLessThanOrEqual(15);
  });

  it('QRMY: DuitNow QR of the default acquirer for moneyRequired, with accountCustomer from the request', async () => {
    const { id, body } = await create('QRMY', 'MYR', { account: { accountName: 'Ahmad bin Ismail' } });
    const money = { amount: 99.9, currencyCode: 'MYR' };
    expect(body).toEqual({
      ...common(id, 'QRMY', money),
      moneyRequired: money,
      paymentOperator: { code: 'MAYBANK', name: 'Maybank' },
      accountCustomer: { accountName: 'Ahmad bin Ismail', accountNumber: null },
      qrCode: expect.stringMatching(/^00020201021226\d{2}0014A000000615000101065887340220\d{20}52045999/),
    });
  });

  it('QRVN: VietQR to our Vietcombank account', async () => {
    const { id, body } = await create('QRVN', 'VND', { emailAddress: 'an@example.vn' });
    expect(body).toEqual({
      ...common(id, 'QRVN', { amount: 250000, currencyCode: 'VND' }),
      account: {
        accountName: 'Test Shop',
        accountNumber: expect.stringMatching(/^[1-9]\d{12}$/),
        bankCode: '970436',
        bankName: 'Vietcombank',
      },
      qrCode: expect.stringMatching(/^00020101021238\d{2}0010A000000727/),
    });
  });

  it('QRPH and QRID: interoperable QR codes, no operator to choose', async () => {
    const ph = await create('QRPH', 'PHP');
    expect(ph.body).toEqual({
      ...common(ph.id, 'QRPH', { amount: 1250.25, currencyCode: 'PHP' }),
      qrCode: expect.stringMatching(/^00020101021228\d{2}0011ph\.ppmi\.p2m0111BNORPHMMXXX/),
    });
    const id = await create('QRID', 'IDR', { account: { accountName: 'Budi Santoso' } });
    expect(id.body).toEqual({
      ...common(id.id, 'QRID', { amount: 150000, currencyCode: 'IDR' }),
      qrCode: expect.stringMatching(/^00020101021226\d{2}0021ID\.CO\.BANKMANDIRI\.WWW011893600008\d{10}/),
    });
  });

  it('QRIN: a UPI link as QR and deep link; the operator picks the PSP', async () => {
    const { id, body } = await create('QRIN', 'INR');
    expect(body).toEqual({
      ...common(id, 'QRIN', { amount: 1499.5, currencyCode: 'INR' }),
      qrCode: expect.stringMatching(
        /^upi:\/\/pay\?pa=payin\.[a-z0-9.-]+@icici&pn=Test%20Shop&am=1499\.50&cu=INR&tr=/,
      ),
      qrInDeepLink: body.qrCode,
    });
    const axis = await create('QRIN', 'INR', { paymentOperatorCode: 'AXIS' });
    expect(axis.body.paymentOperator).toEqual({ code: 'AXIS', name: 'Axis Bank' });
    expect(axis.body.qrInDeepLink).toMatch(/@axisbank&/);
  });
});

describe('transfer and instruction methods', () => {
  it('OFFLINE in VND: the bank transfer and its VietQR (qrCode, qrName)', async () => {
    const { id, body, validMinutes } = await create('OFFLINE', 'VND', { productId: 'SKU-7' });
    const money = { amount: 250000, currencyCode: 'VND' };
    expect(body).toEqual({
      ...common(id, 'OFFLINE', money),
      moneyRequired: money,
      paymentOperator: { code: 'VCB', name: 'Vietcombank' },
      account: {
        accountName: 'Test Shop',
        accountNumber: expect.stringMatching(/^[1-9]\d{12}$/),
        bankCode: '970436',
        bankName: 'Vietcombank',
      },
      qrCode: expect.stringMatching(/^00020101021238\d{2}0010A00000072701\d{2}0006970436/),
      qrName: expect.stringMatching(/^VietQR Vietcombank [1-9]\d{12} Test Shop$/),
      productId: 'SKU-7',
    });
    expect(validMinutes).toBeGreaterThan(23 * 60);
  });

  it('VAPAY: a virtual account at the default bank with steps per channel', async () => {
    const { id, body } = await create('VAPAY', 'IDR', { account: { accountName: 'Budi Santoso' } });
    expect(body).toEqual({
      ...common(id, 'VAPAY', { amount: 150000, currencyCode: 'IDR' }),
      paymentOperator: { code: 'BCA', name: 'Bank Central Asia (BCA)' },
      account: {
        accountName: 'Test Shop',
        accountNumber: expect.stringMatching(/^39358\d{11}$/),
        bankCode: '014',
        bankName: 'Bank Central Asia (BCA)',
      },
      accountCustomer: { accountName: 'Budi Santoso', accountNumber: null },
      paymentInstructionList: expect.any(Array),
    });
    const list = body.paymentInstructionList as {
      channel: string;
      steps: string[];
      virtualAccountNumber: string;
    }[];
    const va = (body.account as { accountNumber: string }).accountNumber;
    expect(list.map((entry) => entry.channel)).toEqual([
      'MOBILE_BANKING',
      'INTERNET_BANKING',
      'ATM',
      'OTHER_BANK',
    ]);
    expect(list[0]).toEqual({
      channel: 'MOBILE_BANKING',
      title: 'BCA mobile',
      paymentOperator: { code: 'BCA', name: 'Bank Central Asia (BCA)' },
      virtualAccountNumber: va,
      steps: [
        'Log in to BCA mobile.',
        'Choose Transfer, then Bank Central Asia (BCA) Virtual Account.',
        `Enter the virtual account number ${va}.`,
        'Check that the recipient is Test Shop and the amount is exactly IDR 150000, then confirm.',
        expect.stringMatching(
          /^Pay before \d{4}-\d\d-\d\d \d\d:\d\d WIB; the virtual account closes afterwards\.$/,
        ),
      ],
    });
  });

  it('VAPAY in KRW at a chosen Korean bank', async () => {
    const { body } = await create('VAPAY', 'KRW', { paymentOperatorCode: 'SHINHAN' });
    expect(body.paymentOperator).toEqual({ code: 'SHINHAN', name: 'Shinhan Bank' });
    expect(body.account).toMatchObject({
      accountNumber: expect.stringMatching(/^5620\d{10}$/),
      bankCode: '088',
    });
  });

  it('P2A_V2 phone to account (default): our UPI ID to pay, no account', async () => {
    const { id, body } = await create('P2A_V2', 'INR', { emailAddress: 'rahul@example.in' });
    expect(body).toEqual({
      ...common(id, 'P2A_V2', { amount: 1499.5, currencyCode: 'INR' }),
      paymentOperator: { code: 'UPI', name: 'UPI (any UPI app)' },
      paymentAddress: { name: 'Test Shop', idAddress: expect.stringMatching(/^payin\.[a-z0-9.-]+@icici$/) },
    });
  });

  it('P2A_V2 wire variant: account name and number only, the IFSC in paymentAddress', async () => {
    const { id, body } = await create('P2A_V2', 'INR', { paymentOperatorCode: 'SBI' });
    const accountNumber = (body.account as { accountNumber: string }).accountNumber;
    expect(body).toEqual({
      ...common(id, 'P2A_V2', { amount: 1499.5, currencyCode: 'INR' }),
      paymentOperator: { code: 'SBI', name: 'State Bank of India' },
      account: { accountName: 'Test Shop', accountNumber: expect.stringMatching(/^[1-9]\d{13}$/) },
      paymentAddress: {
        name: 'Test Shop',
        idAddress: `${accountNumber}@SBIN0000300.ifsc.npci`,
        bankName: 'State Bank of India',
        ifsc: 'SBIN0000300',
      },
    });
  });

  it('CRYPTO_OFFLINE: network, deposit address, exact amount and a payment URI', async () => {
    const { id, body, validMinutes } = await create('CRYPTO_OFFLINE', 'USDT');
    const address = (body.account as { accountNumber: string }).accountNumber;
    expect(body).toEqual({
      ...common(id, 'CRYPTO_OFFLINE', { amount: 150.25, currencyCode: 'USDT' }),
      paymentOperator: { code: 'TRON', name: 'TRON (TRC-20)' },
      account: {
        accountName: 'Test Shop',
        accountNumber: expect.stringMatching(/^T[1-9A-HJ-NP-Za-km-z]{33}$/),
      },
      cryptoPayment: {
        network: 'TRON',
        networkName: 'TRON (TRC-20)',
        token: 'USDT',
        tokenStandard: 'TRC-20',
        contractAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        depositAddress: address,
        amount: '150.250000',
        paymentUri: `https://link.trustwallet.com/send?asset=c195_tTR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t&address=${address}&amount=150.250000`,
        instruction: expect.stringContaining(`Send exactly 150.250000 USDT on TRON (TRC-20) to ${address}.`),
      },
    });
    expect(validMinutes).toBeGreaterThan(59);
  });

  it.each([
    ['USDT', 'ETHEREUM', 1],
    ['USDC', 'ETHEREUM', 1],
    ['USDC', 'POLYGON', 137],
  ])(
    'CRYPTO_OFFLINE %s on %s: every EVM address in EIP-55 checksum form',
    async (currency, network, chainId) => {
      const { token, id, body } = await create('CRYPTO_OFFLINE', currency, { paymentOperatorCode: network });
      const crypto = body.cryptoPayment as Record<string, string>;
      const deposit = crypto.depositAddress!;
      // EIP-55 form (the checksum itself is checked against the EIP's vectors in the unit tests). Not
      // "mixed case": one address in tens of thousands has no letter the checksum upper-cases.
      expect(isChecksumAddress(deposit)).toBe(true);
      expect((body.account as { accountNumber: string }).accountNumber).toBe(deposit);
      expect(isChecksumAddress(crypto.contractAddress!)).toBe(true);
      expect(crypto.paymentUri).toBe(
        `ethereum:${crypto.contractAddress}@${chainId}/transfer?address=${deposit}&uint256=150250000`,
      );
      expect(crypto.instruction).toContain(deposit);
      // The paying wallet, once known, too.
      expect(
        (
          await api.client.request('POST', `/sandbox/payins/${id}/!simulate`, {
            token,
            body: { status: 'SUCCESS' },
          })
        ).status,
      ).toBe(200);
      const accounts = await api.client.request<{ customerAccountProcess: { accountNumber: string } }>(
        'GET',
        `/payins/${id}/accounts`,
        { token },
      );
      expect(isChecksumAddress(accounts.body.customerAccountProcess.accountNumber)).toBe(true);
    },
  );
});

describe('accountCustomer (Thai QR, Malaysian QR, VA Payment)', () => {
  it.each([
    ['QRMY', 'MYR'],
    ['VAPAY', 'IDR'],
  ])(
    '%s without an account: present with null fields, then the account the money came from',
    async (method, currency) => {
      const { id, token, body } = await create(method, currency, { account: undefined });
      expect(body.accountCustomer).toEqual({ accountName: null, accountNumber: null });
      const simulated = await api.client.request<{ paymentMethodResponse: Record<string, unknown> }>(
        'POST',
        `/sandbox/payins/${id}/!simulate`,
        { token, body: { status: 'SUCCESS' } },
      );
      expect(simulated.status).toBe(200);
      const accounts = await api.client.request<{ customerAccountProcess: Record<string, string> }>(
        'GET',
        `/payins/${id}/accounts`,
        { token },
      );
      const { accountName, accountNumber } = accounts.body.customerAccountProcess;
      expect(accountNumber).toBeTruthy();
      expect(simulated.body.paymentMethodResponse.accountCustomer).toEqual({ accountName, accountNumber });
    },
  );

  it('QRTH: the account of the request, on create and on every read', async () => {
    const { id, token, body } = await create('QRTH', 'THB', {
      account: { accountName: 'Somchai Jaidee', accountNumber: '1234567890' },
    });
    const expected = { accountName: 'Somchai Jaidee', accountNumber: '1234567890' };
    expect(body.accountCustomer).toEqual(expected);
    const read = await api.client.request<{ paymentMethodResponse: Record<string, unknown> }>(
      'GET',
      `/payins/${id}`,
      { token },
    );
    expect(read.body.paymentMethodResponse.accountCustomer).toEqual(expected);
  });
});

describe('redirect methods', () => {
  it.each([
    ['ONLINE', 'THB', 1500.5, { moneyRequired: { amount: 1500.5, currencyCode: 'THB' } }],
    ['NETBANKING', 'INR', 1499.5, {}],
    ['EWALLET', 'IDR', 150000, { paymentOperator: { code: 'DANA', name: 'DANA' } }],
  ])(
    '%s in %s sends the customer to the institution page, with no account',
    async (method, currency, amount, extra) => {
      const { id, body, validMinutes } = await create(method, currency);
      expect(body).toEqual({
        ...common(id, method, { amount, currencyCode: currency }),
        ...extra,
        redirectTo: INSTITUTION,
      });
      expect(validMinutes).toBeGreaterThan(29);
      expect(validMinutes).toBeLessThanOrEqual(30);
    },
  );

  it('ONLINE names the bank when the request chose one', async () => {
    const { body } = await create('ONLINE', 'ZAR', { paymentOperatorCode: 'CAPITEC' });
    expect(body.paymentOperator).toEqual({ code: 'CAPITEC', name: 'Capitec Bank' });
    expect(body).not.toHaveProperty('account');
  });
});

describe('push methods', () => {
  it('MOBILE_MONEY pushes a USSD prompt to the customer’s phone on the default network', async () => {
    const { id, body } = await create('MOBILE_MONEY', 'GHS');
    expect(body).toEqual({
      ...common(id, 'MOBILE_MONEY', { amount: 250.75, currencyCode: 'GHS' }),
      paymentOperator: { code: 'MTN', name: 'MTN Mobile Money' },
      pushNotification: {
        channel: 'USSD',
        phoneNumber: '+233*****4567',
        approveIn: 'MTN MoMo',
        instruction:
          'A request to pay GHS 250.75 to Test Shop was sent to +233*****4567. Answer the MTN MoMo prompt on your phone and enter your PIN to approve.',
      },
    });
  });

  it('M-PESA is a SIM Toolkit prompt', async () => {
    const { body } = await create('MOBILE_MONEY', 'KES', { paymentOperatorCode: 'MPESA' });
    expect(body.pushNotification).toMatchObject({ channel: 'SIM_TOOLKIT', phoneNumber: '+254*****5678' });
  });

  it('BANKA_PAY and PAY_ME push to the banking app; Pay Me names our account at the same bank', async () => {
    const banka = await create('BANKA_PAY', 'ZAR');
    expect(banka.body).toEqual({
      ...common(banka.id, 'BANKA_PAY', { amount: 499.99, currencyCode: 'ZAR' }),
      pushNotification: {
        channel: 'APP',
        phoneNumber: '+27*****4567',
        approveIn: 'the Bank A app',
        instruction:
          'A request to pay ZAR 499.99 to Test Shop was sent to +27*****4567. Open the Bank A app and approve the payment request.',
      },
    });
    const payMe = await create('PAY_ME', 'ZAR');
    expect(payMe.body).toEqual({
      ...common(payMe.id, 'PAY_ME', { amount: 499.99, currencyCode: 'ZAR' }),
      paymentOperator: { code: 'CAPITEC', name: 'Capitec Bank' },
      account: {
        accountName: 'Test Shop',
        accountNumber: expect.stringMatching(/^[1-9]\d{9}$/),
        bankCode: '470010',
        bankName: 'Capitec Bank',
      },
      pushNotification: expect.objectContaining({ channel: 'APP', approveIn: 'the Capitec app' }),
    });
  });

  it('EWALLET with OVO pushes to the wallet app instead of redirecting', async () => {
    const { id, body } = await create('EWALLET', 'IDR', {
      paymentOperatorCode: 'OVO',
      phoneNumber: '+62 812-3456-7890',
    });
    expect(body).toEqual({
      ...common(id, 'EWALLET', { amount: 150000, currencyCode: 'IDR' }),
      paymentOperator: { code: 'OVO', name: 'OVO' },
      pushNotification: {
        channel: 'APP',
        phoneNumber: '+62*******7890',
        approveIn: 'the OVO app',
        instruction:
          'A request to pay IDR 150000 to Test Shop was sent to +62*******7890. Open the OVO app and approve the payment request.',
      },
    });
  });
});
