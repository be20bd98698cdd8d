const TAX_ID = '0105550123451';
const TRON_A = 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV';
const TRON_B = 'TD5gsCwxykWsLN9aPrq2TAfNjByuZKYp4E';
const EVM = '0xb2b2b2b2b2B2b2B2B2b2b2B2B2b2B2B2b2b2b2b2';

/**
 * One valid collection account of each type (and PromptPay of each proxy kind), as the merchants
 * file and the operator API take them.
 */
export const ONE_ACCOUNT_OF_EACH_TYPE = [
  {
    id: 'kbank',
    type: 'BANK_ACCOUNT',
    currency: 'THB',
    bank: 'KBANK',
    accountNumber: '123-4-56789-0',
    accountName: 'A',
  },
  { id: 'pp-tax', type: 'PROMPTPAY', promptPayId: TAX_ID, accountName: 'A' },
  { id: 'pp-mobile', type: 'PROMPTPAY', promptPayId: '0812345678', accountName: 'A' },
  { id: 'pp-wallet', type: 'PROMPTPAY', promptPayId: '140000012345678', accountName: 'A' },
  {
    id: 'duitnow',
    type: 'DUITNOW',
    acquirer: 'MAYBANK',
    duitNowId: '000000000012345678',
    merchantCategoryCode: '5942',
    merchantCity: 'KUALA LUMPUR',
    accountName: 'A',
  },
  { id: 'vietqr', type: 'VIETQR', bin: '970436', accountNumber: '0011001234567', accountName: 'A' },
  {
    id: 'qris',
    type: 'QRIS',
    nmid: 'ID1020012345678',
    acquirerDomain: 'ID.CO.BANKMANDIRI.WWW',
    merchantPan: '936000080000123452',
    merchantId: '71234567',
    criteria: 'UME',
    postalCode: '10110',
    merchantCategoryCode: '5942',
    merchantCity: 'JAKARTA',
    accountName: 'A',
  },
  {
    id: 'qrph',
    type: 'QRPH',
    acquirerBic: 'BNORPHMMXXX',
    merchantId: '123456789',
    merchantCategoryCode: '5942',
    merchantCity: 'MAKATI CITY',
    accountName: 'A',
  },
  { id: 'upi', type: 'UPI', vpa: 'bangkokbooks@okaxis', accountName: 'A' },
  {
    id: 'usdt-tron',
    type: 'CRYPTO',
    currency: 'USDT',
    network: 'TRON',
    addresses: [TRON_A, TRON_B],
    accountName: 'A',
  },
  {
    id: 'usdc-eth',
    type: 'CRYPTO',
    currency: 'USDC',
    network: 'ETHEREUM',
    addresses: [EVM],
    accountName: 'A',
  },
  {
    id: 'hdfc',
    type: 'BANK_ACCOUNT',
    currency: 'INR',
    bank: 'HDFC',
    accountNumber: '50200012345678',
    branch: { code: 'HDFC0001234', name: 'Mumbai Fort' },
    accountName: 'A',
    feed: {
      apiKey: 'feed-key-0123456789abcdefghijklmnopq',
      webhookSecret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    },
  },
];
