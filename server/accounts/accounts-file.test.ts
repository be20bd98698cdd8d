import { describe, expect, it } from 'vitest';
import { ONE_ACCOUNT_OF_EACH_TYPE } from '@/tests/support/collection-accounts';
import { merchantsFileSchema } from '../merchants/merchants-file';

const TAX_ID = '0105550123451';
const TRON_A = 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV';
const EVM = '0xb2b2b2b2b2B2b2B2B2b2b2B2B2b2B2B2b2b2b2b2';

function merchant(code: string, collectionAccounts: unknown[]) {
  return { merchantCode: code, secret: 'sk_live_0123456789abcdef', channelName: 'Shop', collectionAccounts };
}

/** Every problem of a file with these merchants, as "path: message". */
function problems(...merchants: ReturnType<typeof merchant>[]): string[] {
  const result = merchantsFileSchema.safeParse({ merchants });
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const at = (index: number, field: string) => `merchants.0.collectionAccounts.${index}.${field}`;

describe('collection accounts in the merchants file', () => {
  it('accepts one valid account of each type', () => {
    const accounts = ONE_ACCOUNT_OF_EACH_TYPE;
    expect(problems(merchant('m', accounts))).toEqual([]);
    const parsed = merchantsFileSchema.parse({ merchants: [merchant('m', accounts)] });
    expect(parsed.merchants[0]!.collectionAccounts![0]).toMatchObject({ accountNumber: '1234567890' });
    expect(parsed.merchants[0]!.collectionAccounts![1]).toMatchObject({ currency: 'THB' });
  });

  it('names every problem of every account with its path', () => {
    const found = problems(
      merchant('m', [
        { id: 'Bad_Id', type: 'PROMPTPAY', promptPayId: '0105550123452', accountName: 'A' },
        { id: 'pp', type: 'PROMPTPAY', promptPayId: '0212345678', accountName: 'A' },
        {
          id: 'bank',
          type: 'BANK_ACCOUNT',
          currency: 'THB',
          bank: 'GSB',
          accountNumber: '12345',
          accountName: 'A',
        },
        {
          id: 'jp',
          type: 'BANK_ACCOUNT',
          currency: 'JPY',
          bank: 'MUFG',
          accountNumber: '1234567',
          accountName: 'A',
        },
        {
          id: 'ng',
          type: 'BANK_ACCOUNT',
          currency: 'NGN',
          bank: 'GTBANK',
          accountNumber: '0123456789',
          accountName: 'A',
        },
        { id: 'vn', type: 'VIETQR', bin: '970999', accountNumber: '12345', accountName: 'A' },
        { id: 'upi', type: 'UPI', vpa: 'Shop@OKAXIS', accountName: 'A' },
        { id: 'upi2', type: 'UPI', vpa: 'no-handle', accountName: 'A' },
        {
          id: 'usdt',
          type: 'CRYPTO',
          currency: 'USDT',
          network: 'TRON',
          addresses: [
            TRON_A,
            TRON_A,
            EVM,
            'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
            'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdW',
          ],
          accountName: 'A',
        },
        {
          id: 'usdc',
          type: 'CRYPTO',
          currency: 'USDC',
          network: 'TRON',
          addresses: [TRON_A],
          accountName: 'A',
        },
        {
          id: 'evm',
          type: 'CRYPTO',
          currency: 'USDC',
          network: 'ETHEREUM',
          addresses: ['0x' + '0'.repeat(40), '0xB2b2b2b2b2B2b2B2B2b2b2B2B2b2B2B2b2b2b2b2'],
          accountName: 'A',
        },
        {
          id: 'qris',
          type: 'QRIS',
          nmid: 'ID123',
          acquirerDomain: 'ID.CO.BANK.WWW',
          merchantPan: '936000080000123454',
          merchantId: '1',
          criteria: 'UME',
          postalCode: '1011',
          merchantCategoryCode: '5942',
          merchantCity: 'JAKARTA',
          accountName: 'A',
        },
        {
          id: 'dn',
          type: 'DUITNOW',
          acquirer: 'HSBC',
          duitNowId: '12',
          merchantCategoryCode: '59',
          merchantCity: 'KL',
          accountName: 'A',
        },
        {
          id: 'ph',
          type: 'QRPH',
          acquirerBic: 'BNORSGSG',
          merchantId: '1',
          merchantCategoryCode: '5942',
          merchantCity: 'MAKATI',
          accountName: 'A',
        },
        { id: 'feed', type: 'UPI', vpa: 'shop@okaxis', accountName: 'A', feed: {} },
        {
          id: 'pp',
          type: 'PROMPTPAY',
          promptPayId: TAX_ID,
          accountName: 'A',
          feed: { apiKey: 'short', webhookSecret: 'whsec_abc' },
        },
      ]),
    );
    const expectations: [string, RegExp][] = [
      [at(0, 'id'), /Lowercase letters/],
      [at(0, 'promptPayId'), /check digit/],
      [at(1, 'promptPayId'), /PromptPay ID/],
      [at(2, 'bank'), /KBANK, SCB, BBL, KTB/],
      [at(2, 'accountNumber'), /10 digits/],
      [at(3, 'branch'), /3-digit branch/],
      [at(4, 'accountNumber'), /NUBAN/],
      [at(5, 'bin'), /NAPAS BIN/],
      [at(5, 'accountNumber'), /6 to 19 digits/],
      [at(6, 'vpa'), /lowercase/],
      [at(7, 'vpa'), /name@handle/],
      [at(8, 'addresses.1'), /Listed twice/],
      [at(8, 'addresses.2'), /EVM/],
      [at(8, 'addresses.3'), /token contract/],
      [at(8, 'addresses.4'), /checksum/],
      [at(9, 'network'), /ETHEREUM, POLYGON/],
      [at(10, 'addresses.0'), /zero address/],
      [at(10, 'addresses.1'), /EIP-55/],
      [at(11, 'nmid'), /13 digits/],
      [at(11, 'merchantPan'), /Luhn/],
      [at(11, 'postalCode'), /postal code/],
      [at(12, 'acquirer'), /MAYBANK/],
      [at(12, 'duitNowId'), /6 to 20 digits/],
      [at(12, 'merchantCategoryCode'), /MCC/],
      [at(13, 'acquirerBic'), /Philippine/],
      [at(14, 'feed'), /apiKey, a webhookSecret/],
      [at(15, 'feed.apiKey'), /32 characters/],
      [at(15, 'feed.webhookSecret'), /24 to 64/],
      ['merchants.0.collectionAccounts.15.id', /used twice/],
    ];
    for (const [path, message] of expectations) {
      expect(
        found.some((problem) => problem.startsWith(`${path}: `) && message.test(problem)),
        `${path} ${message}`,
      ).toBe(true);
    }
  });

  it("refuses a branch its country's registry does not list (RBI's IFSCs, Zengin)", () => {
    const bank = (id: string, currency: string, bankCode: string, branch: string, accountNumber: string) => ({
      id,
      type: 'BANK_ACCOUNT',
      currency,
      bank: bankCode,
      accountNumber,
      branch: { code: branch, name: 'Branch' },
      accountName: 'A',
    });
    expect(
      problems(
        merchant('m', [
          bank('in-ok', 'INR', 'HDFC', 'HDFC0001234', '50200012345678'),
          bank('in-bad', 'INR', 'HDFC', 'HDFC0ZZZZZZ', '50200012345678'),
          bank('jp-ok', 'JPY', 'MUFG', '001', '1234567'),
          bank('jp-bad', 'JPY', 'MUFG', '999', '1234567'),
        ]),
      ),
    ).toEqual([
      `${at(1, 'branch.code')}: HDFC0ZZZZZZ is not a branch in RBI's IFSC list.`,
      expect.stringMatching(
        /^merchants\.0\.collectionAccounts\.3\.branch\.code: 999 is not a branch of bank 0005 /,
      ),
    ]);
  });

  it('takes a bank account that pays out by file, one per currency, and names what is wrong', () => {
    const paying = (id: string, payouts: unknown, currency = 'THB') => ({
      id,
      type: 'BANK_ACCOUNT',
      currency,
      bank: 'KBANK',
      accountNumber: '1234567890',
      accountName: 'A',
      payouts,
    });
    expect(
      problems(
        merchant('m', [paying('a', { format: 'pain.001', bic: 'KASITHBK', initiatingPartyId: 'X1' })]),
      ),
    ).toEqual([]);
    expect(
      problems(
        merchant('m', [
          paying('a', { format: 'pain.001' }),
          paying('b', { format: 'pain.001' }),
          paying('c', { format: 'MT101' }),
          paying('d', { format: 'pain.001', bic: 'kasithbk' }),
          paying('e', { format: 'pain.001', cutOff: '15:00' }),
        ]),
      ),
    ).toEqual([
      `${at(2, 'payouts.format')}: The payout file format: "pain.001" (ISO 20022 pain.001.001.09).`,
      `${at(3, 'payouts.bic')}: A SWIFT BIC: 8 or 11 characters, e.g. KASITHBK.`,
      `${at(4, 'payouts')}: Unrecognized key: "cutOff"`,
      ...[1, 2, 3, 4].map(
        (index) => `${at(index, 'payouts')}: Another account already pays out THB: one per currency.`,
      ),
    ]);
  });

  it('refuses a feed API key two accounts share, across merchants too', () => {
    const feed = { apiKey: 'shared-feed-key-0123456789abcdefghijk' };
    const found = problems(
      merchant('a', [{ id: 'pp', type: 'PROMPTPAY', promptPayId: TAX_ID, accountName: 'A', feed }]),
      merchant('b', [{ id: 'pp', type: 'PROMPTPAY', promptPayId: TAX_ID, accountName: 'B', feed }]),
    );
    expect(found).toEqual([
      "merchants.1.collectionAccounts.0.feed.apiKey: This feed API key is already another account's: each key names exactly one account.",
    ]);
  });
});

describe('a shared feed key beside other problems', () => {
  it('is still named', () => {
    const feed = { apiKey: 'shared-feed-key-0123456789abcdefghijk' };
    const found = problems(
      merchant('a', [{ id: 'pp', type: 'PROMPTPAY', promptPayId: '1', accountName: 'A', feed }]),
      merchant('b', [{ id: 'pp', type: 'PROMPTPAY', promptPayId: TAX_ID, accountName: 'B', feed }]),
    );
    expect(found).toContain(
      "merchants.1.collectionAccounts.0.feed.apiKey: This feed API key is already another account's: each key names exactly one account.",
    );
    expect(found.some((problem) => problem.startsWith('merchants.0.collectionAccounts.0.promptPayId'))).toBe(
      true,
    );
  });
});
