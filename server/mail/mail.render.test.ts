import { describe, expect, it } from 'vitest';
import { moneyOf } from '@/lib/money';
import { testPayin } from '@/tests/support/adapter-fixtures';
import type { Payin } from '../payins';
import { renderEmail } from './mail.render';

/** A Thai bank transfer to Kasikornbank, as the API's OFFLINE response stores it. */
function thaiTransfer(overrides: Partial<Payin> = {}): Payin {
  const payin = testPayin({ method: 'OFFLINE', money: moneyOf('THB', 150_050n), operatorCode: 'KBANK' });
  return {
    ...payin,
    methodResponse: {
      idPayin: payin.idPayin,
      paymentMethodCode: 'OFFLINE',
      money: { amount: 1500.5, currencyCode: 'THB' },
      expireAt: payin.expireAt.toISOString(),
      reference: payin.reference,
      returnUrl: payin.returnUrl,
      paymentOperator: { code: 'KBANK', name: 'Kasikornbank' },
      account: { bankName: 'Kasikornbank', accountName: 'Siam <Shop> Co.', accountNumber: '123-4-56789-0' },
    },
    ...overrides,
  };
}

/** Intl writes no-break spaces inside amounts; the assertions read them as spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const PAGE = 'https://pay.example/resume/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

describe('customer e-mails', () => {
  it('give a Thai customer the transfer in Thai: amount, the bank by its Thai name, account, reference, deadline and the page', async () => {
    const email = await renderEmail({
      kind: 'instructions',
      language: 'th',
      merchantName: 'ร้านสยาม',
      payin: thaiTransfer(),
      pageUrl: PAGE,
    });
    expect(email.language).toBe('th');
    expect(email.subject).toContain('ร้านสยาม');
    expect(email.subject).toContain('฿1,500.50');
    for (const part of [email.text, email.html]) {
      expect(part).toContain('ธนาคารกสิกรไทย');
      expect(part).not.toContain('Kasikornbank');
      expect(part).toContain('123-4-56789-0');
      expect(part).toContain('K7Q2M9XD4T');
      expect(part).toContain(PAGE);
      // The deadline in Bangkok time (09:45 UTC is 16:45 there).
      expect(part).toMatch(/16:45/);
    }
    expect(email.html).toContain('<html lang="th">');
    expect(email.attachments).toEqual([]);
  });

  it('escape what comes from outside in the HTML and keep it whole in the text', async () => {
    const email = await renderEmail({
      kind: 'instructions',
      language: 'en',
      merchantName: 'Tom & <b>Jerry</b>',
      payin: thaiTransfer(),
      pageUrl: PAGE,
    });
    expect(email.html).toContain('Tom &amp; &lt;b&gt;Jerry&lt;/b&gt;');
    expect(email.html).toContain('Siam &lt;Shop&gt; Co.');
    expect(email.html).not.toContain('<b>Jerry</b>');
    expect(email.text).toContain('Tom & <b>Jerry</b>');
    expect(email.text).toContain('Kasikornbank');
  });

  it('carry a QR payment’s code as an inline PNG the HTML shows', async () => {
    const payin = thaiTransfer({ method: 'QRTH' });
    payin.methodResponse = {
      ...payin.methodResponse,
      paymentMethodCode: 'QRTH',
      qrCode: '00020101021229370016A000000677010111011300668123456785802TH5303764540615005063046C1C',
    };
    const email = await renderEmail({
      kind: 'instructions',
      language: 'en',
      merchantName: 'Shop',
      payin,
      pageUrl: PAGE,
    });
    expect(email.attachments).toHaveLength(1);
    const [qr] = email.attachments;
    expect(qr?.contentType).toBe('image/png');
    expect(qr?.content.subarray(1, 4).toString()).toBe('PNG');
    expect(email.html).toContain(`src="cid:${qr?.cid}"`);
    expect(email.text).toContain('Scan the QR code');
  });

  it('ask for the exact amount when the payment must be told apart by it', async () => {
    const email = await renderEmail({
      kind: 'reminder',
      language: 'en',
      merchantName: 'Shop',
      payin: thaiTransfer({ requiredMoney: moneyOf('THB', 150_053n) }),
      pageUrl: PAGE,
    });
    expect(email.subject).toContain('Reminder');
    expect(plain(email.text)).toContain('Amount to pay: THB 1,500.53');
    expect(plain(email.text)).toContain('Pay exactly THB 1,500.53');
  });

  it('write a receipt with what was paid and when, and no page link or account', async () => {
    const paidAt = new Date('2030-01-15T10:00:00.000Z');
    const email = await renderEmail({
      kind: 'receipt',
      language: 'vi',
      merchantName: 'Shop',
      payin: { ...thaiTransfer(), status: 'SUCCESS', processedAt: paidAt },
    });
    expect(email.text).toContain('order-1001');
    expect(email.text).toContain('K7Q2M9XD4T');
    expect(email.text).not.toContain('123-4-56789-0');
    expect(email.text).not.toContain('/resume/');
    expect(email.html).toContain('<html lang="vi">');
  });

  it('tell of a refund with its own amount', async () => {
    const email = await renderEmail({
      kind: 'refund',
      language: 'en',
      merchantName: 'Shop',
      payin: { ...thaiTransfer(), status: 'SUCCESS' },
      refund: { money: moneyOf('THB', 50_000n), at: new Date('2030-01-20T03:00:00.000Z') },
    });
    expect(plain(email.subject)).toBe('Shop refunded THB 500.00 to you');
    expect(plain(email.text)).toContain('Amount refunded: THB 500.00');
  });

  it('name nothing secret: no token, callback URL or return URL', async () => {
    for (const kind of ['instructions', 'reminder', 'receipt'] as const) {
      const email = await renderEmail({
        kind,
        language: 'en',
        merchantName: 'Shop',
        payin: thaiTransfer(),
        pageUrl: PAGE,
      });
      for (const part of [email.text, email.html]) {
        expect(part).not.toContain('merchant.example');
        expect(part).not.toMatch(/eyJ[A-Za-z0-9_-]+\./);
      }
    }
  });
});
