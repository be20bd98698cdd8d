import { defineMethod } from '../descriptor';

/**
 * Offline bank transfer: the customer transfers the exact moneyRequired to our collection account
 * at the bank (paymentOperator), quoting the reference; in VND they can scan a VietQR of the same
 * transfer instead. Japanese banks need the payer's email, Korean ones the payer's name.
 */
export const OFFLINE = defineMethod({
  code: 'OFFLINE',
  name: 'Bank transfer',
  currencies: ['CNY', 'JPY', 'KRW', 'LAK', 'NGN', 'PHP', 'THB', 'VND'],
  requestObject: 'OfflineMethod',
  operatorChosenBy: 'service',
  assignsDefaultOperator: true,
  validity: 'transfer',
  uniqueAmount: true,
  completion: (currency) => (currency === 'VND' ? 'qr' : 'instructions'),
  customerFields: (currency) => ({
    emailAddress: currency === 'JPY' ? 'required' : 'optional',
    phoneNumber: 'optional',
    accountName: currency === 'KRW' ? 'required' : 'optional',
    accountNumber: 'optional',
  }),
  // productId belongs to OfflineMethod only (specification, change 2.43).
  takesProductId: true,
  emvQrCurrencies: ['VND'],
  collection: { by: 'account', need: (_currency, bank) => ({ type: 'BANK_ACCOUNT', operator: bank }) },
  response: { required: ['account'], optional: ['qrCode', 'qrName'] },
});
