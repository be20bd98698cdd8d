import { z } from 'zod';
import { PAYIN_STATUSES } from '../payins/statuses';
import { CURRENCY_CODES } from '../money/currencies';
import { METHOD_CODES } from '../methods/catalogue';

/**
 * Response shapes of the payin API (latest 2.x), used by our own typed client (the hosted app's
 * BFF, tests) to parse what it receives, and to document the routes the payin schemas of the
 * OpenAPI document (server/http/openapi/payin-schemas.ts) do not cover. New properties may appear
 * at any time (a non-breaking change), so objects are loose; fields we send as null may also be
 * absent from another implementation of the specification.
 */
export const apiMoneySchema = z.looseObject({ amount: z.number(), currencyCode: z.enum(CURRENCY_CODES) });

export const tokenResponseSchema = z.object({ token: z.string() });

export const customerSessionResponseSchema = z.object({
  /** A token confined to the payin, for the customer's page only. */
  token: z.string(),
  /** When the session ends at the latest (it ends sooner once its payin is final). */
  expiresAt: z.string(),
  /** The operations it allows: the payin flow's, as far as the merchant's token allowed them. */
  operations: z.array(z.string()),
});

export const paymentOperatorSchema = z.looseObject({ code: z.string(), name: z.string() });

export const paymentOptionsResponseSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      paymentMethodCode: z.enum(METHOD_CODES),
      paymentOperators: z.array(paymentOperatorSchema),
    }),
  ),
});

export const merchantInfoResponseSchema = z.looseObject({
  channelInfo: z.looseObject({ name: z.string() }),
  /** Our addition: a sandbox merchant (its payins are test payins). */
  isTest: z.boolean().optional(),
  /** Our addition: customers who give an e-mail address are e-mailed the details or a receipt (decision 052). */
  customerEmails: z.boolean().optional(),
});

const accountSchema = z.looseObject({
  accountName: z.string().optional(),
  accountNumber: z.string().optional(),
  bankCode: z.string().optional(),
  bankName: z.string().optional(),
  /** Where the rail needs them (Japanese transfers): the branch and its code, and the account type. */
  bankBranch: z.string().optional(),
  bankBranchCode: z.string().optional(),
  accountType: z.enum(['ORDINARY', 'CHECKING']).optional(),
});

export const paymentMethodResponseSchema = z.looseObject({
  idPayin: z.string(),
  paymentMethodCode: z.enum(METHOD_CODES),
  money: apiMoneySchema,
  moneyRequired: apiMoneySchema.optional(),
  expireAt: z.string(),
  reference: z.string(),
  returnUrl: z.string(),
  account: accountSchema.optional(),
  paymentOperator: paymentOperatorSchema.optional(),
  /** Thai QR, Malaysian QR, VA Payment: the account funds are expected from; null fields while unknown. */
  accountCustomer: z
    .looseObject({ accountName: z.string().nullish(), accountNumber: z.string().nullish() })
    .optional(),
  externalReference: z.looseObject({ reference: z.string() }).optional(),
  vat: apiMoneySchema.optional(),
  paymentAddress: z
    .looseObject({
      name: z.string(),
      idAddress: z.string(),
      bankName: z.string().optional(),
      ifsc: z.string().optional(),
    })
    .optional(),
  paymentInstructionList: z
    .array(
      z.looseObject({
        channel: z.string(),
        title: z.string(),
        paymentOperator: paymentOperatorSchema.optional(),
        virtualAccountNumber: z.string().optional(),
        steps: z.array(z.string()),
      }),
    )
    .optional(),
  /** Our addition on push methods: what approval request was sent where. */
  pushNotification: z
    .looseObject({
      channel: z.string(),
      phoneNumber: z.string(),
      approveIn: z.string(),
      instruction: z.string(),
    })
    .optional(),
  /** Our addition on CRYPTO_OFFLINE: network, token, deposit address, exact amount and a wallet payment link. */
  cryptoPayment: z
    .looseObject({
      network: z.string(),
      networkName: z.string(),
      token: z.string(),
      tokenStandard: z.string(),
      contractAddress: z.string(),
      chainId: z.number().optional(),
      depositAddress: z.string(),
      amount: z.string(),
      paymentUri: z.string(),
      instruction: z.string(),
    })
    .optional(),
  qrCode: z.string().optional(),
  qrName: z.string().optional(),
  qrInDeepLink: z.string().optional(),
  productId: z.string().optional(),
  redirectTo: z.string().optional(),
});

export const createPayinResponseSchema = z.looseObject({
  paymentRequested: z.looseObject({ money: apiMoneySchema }),
  paymentMethodResponse: paymentMethodResponseSchema,
});

/** The API's process.status values (one closed set with the server's, lib/payins/statuses.ts). */
export const PAYIN_STATUS_VALUES = PAYIN_STATUSES;

export const payinResponseSchema = z.looseObject({
  paymentRequested: z.looseObject({ money: apiMoneySchema }),
  process: z.looseObject({
    status: z.enum(PAYIN_STATUS_VALUES),
    createdAt: z.string(),
    /** When the payin became final; null while it is open. */
    processedAt: z.string().nullish(),
    isTest: z.boolean(),
    processorStatus: z.string().optional(),
    /** Money received while the payin was open; absent when none (docs/decisions/021). */
    moneyReceived: apiMoneySchema.optional(),
    /** What an open payin that received part of its money still needs: every amount asked is this. */
    moneyOutstanding: apiMoneySchema.optional(),
    /** Money received after the payin ended (it never changes the status); absent when none. */
    moneyReceivedLate: apiMoneySchema.optional(),
  }),
  fee: apiMoneySchema,
  paymentMethodResponse: paymentMethodResponseSchema,
  /** The payment link the payin was made from (docs/decisions/051); absent for every other payin. */
  paymentLink: z.looseObject({ idLink: z.string() }).optional(),
  /** Present once the payin has refunds (docs/decisions/036): refunded, on its way, and what remains. */
  refunds: z
    .looseObject({ refunded: apiMoneySchema, refundPending: apiMoneySchema, refundable: apiMoneySchema })
    .optional(),
});

/** The customer account record: every field present, null where it is not known. */
const customerAccountSchema = z.looseObject({
  accountName: z.string().nullish(),
  accountNumber: z.string().nullish(),
  accountType: z.string().nullish(),
  bankCode: z.string().nullish(),
  bankName: z.string().nullish(),
  bankBranch: z.string().nullish(),
  bankCity: z.string().nullish(),
  bankProvince: z.string().nullish(),
});

export const accountsResponseSchema = z.looseObject({
  customerAccountRequest: customerAccountSchema,
  customerAccountProcess: customerAccountSchema,
});

export const externalReferenceResponseSchema = z.looseObject({
  idPayin: z.string(),
  externalReference: z.looseObject({ reference: z.string() }),
});

export const problemSchema = z.looseObject({
  type: z.string(),
  title: z.string(),
  status: z.number(),
  detail: z.string(),
  instance: z.string().optional(),
  code: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
});

export const healthResponseSchema = z.object({ status: z.literal('ok'), database: z.literal('up') });

export type PayinResource = z.infer<typeof payinResponseSchema>;
export type CreatePayinResponse = z.infer<typeof createPayinResponseSchema>;
export type PaymentMethodResponse = z.infer<typeof paymentMethodResponseSchema>;
export type PaymentOptionsResponse = z.infer<typeof paymentOptionsResponseSchema>;
export type Problem = z.infer<typeof problemSchema>;

/** Callback delivery log (docs/decisions/014-callbacks.md). */
export const CALLBACK_EVENT_TYPES = [
  'payin.status_changed',
  'payout.status_changed',
  'refund.status_changed',
] as const;
/** PENDING: waiting for an attempt (or in one); DELIVERED: a 2xx answer; FAILED: no more attempts. */
export const CALLBACK_DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
/** Why a delivery FAILED: the retry schedule ran out, or the receiver answered 410 Gone. */
export const CALLBACK_FAILURE_REASONS = ['SCHEDULE_EXHAUSTED', 'GONE'] as const;
/** DELIVERED: 2xx; RETRY: failed, another attempt is scheduled; FAILED: failed, none is. */
export const CALLBACK_ATTEMPT_OUTCOMES = ['DELIVERED', 'RETRY', 'FAILED'] as const;

export const callbackAttemptSchema = z.looseObject({
  attemptNumber: z.number().int(),
  startedAt: z.string(),
  durationMs: z.number().int(),
  url: z.string(),
  responseStatus: z.number().int().optional(),
  /** The first kilobyte of the response body. */
  responseExcerpt: z.string().optional(),
  error: z.string().optional(),
  outcome: z.enum(CALLBACK_ATTEMPT_OUTCOMES),
  /**
   * The headers the attempt sent: content-type, user-agent and the Standard Webhooks webhook-id,
   * webhook-timestamp and webhook-signature (absent on attempts logged before they were kept).
   */
  requestHeaders: z.record(z.string(), z.string()).optional(),
});

export const callbackDeliverySchema = z.looseObject({
  /** The webhook-id header and the payload's eventId: the same on every attempt. */
  eventId: z.string(),
  type: z.enum(CALLBACK_EVENT_TYPES),
  /** The payin a payin.status_changed delivery announces. */
  idPayin: z.string().optional(),
  /** The payout a payout.status_changed delivery announces. */
  idPayout: z.string().optional(),
  /** The refund a refund.status_changed delivery announces (idPayin names its payin). */
  idRefund: z.string().optional(),
  url: z.string(),
  status: z.enum(CALLBACK_DELIVERY_STATUSES),
  failureReason: z.enum(CALLBACK_FAILURE_REASONS).optional(),
  attemptCount: z.number().int(),
  createdAt: z.string(),
  nextAttemptAt: z.string().optional(),
  deliveredAt: z.string().optional(),
  /** The exact JSON text every attempt sends and signs. */
  payload: z.string(),
  attempts: z.array(callbackAttemptSchema),
});

export const callbackDeliveriesResponseSchema = z.looseObject({ data: z.array(callbackDeliverySchema) });

export type CallbackDeliveryResource = z.infer<typeof callbackDeliverySchema>;
export type CallbackAttemptResource = z.infer<typeof callbackAttemptSchema>;
