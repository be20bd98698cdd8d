import { describe, expect, it } from 'vitest';
import type { PayinResource } from '../api/responses';
import { payinTimeline } from './timeline';

const payin = (
  process: Partial<PayinResource['process']>,
  method: Record<string, unknown> = {},
): PayinResource =>
  ({
    paymentRequested: { money: { amount: 100, currencyCode: 'THB' } },
    process: { status: 'PENDING', createdAt: '2026-11-24T10:00:00.000Z', isTest: true, ...process },
    fee: { amount: 1, currencyCode: 'THB' },
    paymentMethodResponse: { paymentMethodCode: 'QRTH', ...method },
  }) as PayinResource;

describe('payinTimeline', () => {
  it('shows an open payin as created, with what it received so far', () => {
    expect(payinTimeline(payin({ moneyReceived: { amount: 90, currencyCode: 'THB' } }))).toEqual([
      { kind: 'created', at: '2026-11-24T10:00:00.000Z' },
      { kind: 'received', amount: 90, currencyCode: 'THB' },
    ]);
  });

  it('puts callbacks after the final status and a late payment last', () => {
    const events = payinTimeline(
      payin(
        {
          status: 'REFUSED',
          processorStatus: 'EXPIRED',
          processedAt: '2026-11-24T10:15:00.000Z',
          moneyReceivedLate: { amount: 100, currencyCode: 'THB' },
        },
        { externalReference: { reference: '123456789012' } },
      ),
      [
        {
          createdAt: '2026-11-24T10:15:00.000Z',
          status: 'DELIVERED',
          attemptCount: 1,
          deliveredAt: '2026-11-24T10:15:01.000Z',
        },
        { createdAt: '2026-11-24T11:00:00.000Z', status: 'PENDING', attemptCount: 0, idRefund: 'rf-1' },
      ],
    );
    expect(events.map((event) => event.kind)).toEqual([
      'created',
      'externalReference',
      'final',
      'callback',
      'callback',
      'receivedLate',
    ]);
    // The payin's own callback, then its refund's, which names the refund.
    expect(events.filter((event) => event.kind === 'callback').map((event) => event.idRefund)).toEqual([
      undefined,
      'rf-1',
    ]);
  });
});
