import 'server-only';
import { recordAudit } from '../audit';
import {
  availableOptionsRequestSchema,
  cancelPayinRequestSchema,
  createPayinRequestSchema,
  setExternalReferenceRequestSchema,
} from '@/lib/schemas';
import {
  accountsResponseSchema,
  createPayinResponseSchema,
  externalReferenceResponseSchema,
  merchantInfoResponseSchema,
  paymentOptionsResponseSchema,
  payinResponseSchema,
} from '@/lib/api/responses';
import { payinListResponseSchema } from '@/lib/api/payin-list-responses';
import { negotiateLocale } from '@/i18n/locales';
import { moneyOf, toApiMoney } from '@/lib/money';
import {
  presentAccounts,
  presentCreated,
  presentPayin,
  presentPayinJson,
  presentPayinPage,
} from '../../payins';
import { requireMerchantWideOperation } from '../middleware/authenticate';
import { header } from '../request-info';
import { defineRoute } from '../route';
import { reply, replyJson } from '../reply';
import { parsePayinListQuery, payinListQueryDocument } from './payin-list.query';

export const payinRoutes = [
  defineRoute({
    method: 'POST',
    path: '/payins/!availablePaymentOptions',
    operationId: 'listPaymentOptions',
    summary: 'List the payment options for an amount',
    description: "The merchant's configured methods that take the currency, each with its payment operators.",
    tag: 'Payins',
    versioned: true,
    auth: 'token',
    body: availableOptionsRequestSchema,
    responses: { 200: { description: 'The options.', schema: paymentOptionsResponseSchema } },
    errors: ['VALIDATION_FAILED', 'MALFORMED_JSON'],
    handle(c, { body, deps }) {
      const options = deps.payins.availableOptions(c.get('merchant'), body.money);
      // A payment link's customer sees only the methods the link allows (docs/decisions/051).
      const allowed = c.get('grant').link?.methods;
      return reply(c, {
        data: allowed ? options.filter((option) => allowed.includes(option.paymentMethodCode)) : options,
      });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/merchant-info',
    operationId: 'getMerchantInfo',
    summary: "Read the merchant's channel information",
    description:
      'The channel name (the only attribute the specification defines) and, as additions, `isTest`: whether the merchant is a ' +
      'sandbox merchant whose payins are test payins, and `customerEmails`: whether customers who give an e-mail address are ' +
      'e-mailed the payment details or a receipt (SMTP_URL is set and the merchant has not turned both off).',
    tag: 'Merchant',
    versioned: true,
    auth: 'token',
    responses: { 200: { description: 'Channel information.', schema: merchantInfoResponseSchema } },
    errors: [],
    handle(c, { deps }) {
      const merchant = c.get('merchant');
      return reply(c, {
        channelInfo: { name: merchant.channelName },
        isTest: merchant.isTest,
        customerEmails: deps.mail.sends(merchant, 'instructions') || deps.mail.sends(merchant, 'receipt'),
      });
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/payins/:idPayin',
    operationId: 'createPayin',
    summary: 'Create a payin',
    description:
      'Creates a payment under the merchant-generated idPayin (1–64 characters: letters, digits and - _ . ~ : + =; use base64url ' +
      'rather than base64 with "/"). Repeating an accepted idPayin answers 409, and 409 means only that. paymentMethod is the ' +
      "method's request object (OfflineMethod, QrThMethod, …, told apart by paymentMethodCode); the response carries its " +
      '<MethodObject>Response. When every unique amount near the order is taken by open payins, 503 AMOUNT_UNAVAILABLE with ' +
      'Retry-After: send the same request again later (503 ADDRESS_UNAVAILABLE likewise when every address of a rotating crypto ' +
      'collection account is held). A live merchant is refused a method it has no collection account or live processor ' +
      'connector for: 422 PAYMENT_METHOD_NOT_AVAILABLE, whose detail says what is missing (GET !availablePaymentOptions ' +
      'lists only what can be collected).',
    tag: 'Payins',
    versioned: true,
    auth: 'token',
    body: createPayinRequestSchema,
    bodyDocument: 'CreatePayinRequest',
    responses: {
      201: {
        description: 'The payin was created.',
        schema: createPayinResponseSchema,
        document: 'CreatePayinResponse',
      },
    },
    errors: [
      'VALIDATION_FAILED',
      'MALFORMED_JSON',
      'PAYMENT_METHOD_NOT_CONFIGURED',
      'CURRENCY_NOT_SUPPORTED',
      'PAYMENT_OPERATOR_UNKNOWN',
      'URL_NOT_ALLOWED',
      'PAYMENT_NOT_PERMITTED',
      'MONEY_NOT_PERMITTED',
      'TERMS_NOT_PERMITTED',
      'PAYIN_ALREADY_EXISTS',
      'PAYMENT_METHOD_NOT_AVAILABLE',
      'AMOUNT_UNAVAILABLE',
      'ADDRESS_UNAVAILABLE',
      'PAYMENT_LINK_CLOSED',
    ],
    async handle(c, { body, deps }) {
      const idPayin = c.get('idPayin');
      const merchant = c.get('merchant');
      const grant = c.get('grant');
      // A payment link's payin: the link must still take it, and its usage limit holds a place
      // until the payin exists (docs/decisions/051).
      const release = grant.link && (await deps.paymentLinks.reserveFor(merchant, grant.link.id, idPayin));
      let payin;
      try {
        // The customer's page says its language (the BFF's Accept-Language), and a merchant may: e-mails use it.
        const acceptLanguage = header(c, 'accept-language');
        payin = await deps.payins.create({
          merchant,
          grant,
          idPayin,
          request: body,
          language: acceptLanguage ? negotiateLocale(acceptLanguage) : undefined,
        });
      } finally {
        await release?.();
      }
      deps.metrics.payinsCreated.inc({ method: payin.method });
      return reply(c, presentCreated(payin), 201);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/payins',
    operationId: 'listPayins',
    summary: "List the merchant's payins",
    description:
      'The payins of the authenticated merchant, newest first, a page at a time: pass the nextCursor of a page as cursor ' +
      'for the next one; the last page has no nextCursor. Pages neither repeat nor skip payins that existed when the first ' +
      'page was read, whatever is created meanwhile. Each item is the Payin of GET /payins/{idPayin} with idPayin first. ' +
      'Filters combine (all must hold); an unknown value of status, paymentMethodCode or currencyCode, a limit out of ' +
      'range, a cursor not given by the API, or createdFrom later than createdTo answer 400 naming the parameter. Token ' +
      'operation: GET /payins, on a token not confined to one payin.',
    tag: 'Payins',
    versioned: true,
    auth: 'token',
    authorize: requireMerchantWideOperation,
    query: payinListQueryDocument,
    responses: {
      200: { description: 'A page of payins.', schema: payinListResponseSchema, document: 'PayinList' },
    },
    errors: ['VALIDATION_FAILED', 'PAYMENT_NOT_PERMITTED'],
    async handle(c, { deps }) {
      const page = await deps.payins.list(c.get('merchant'), parsePayinListQuery(c));
      return reply(c, presentPayinPage(page));
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/payins/:idPayin',
    operationId: 'getPayin',
    summary: 'Read a payin',
    description:
      'The payin with its process status (PENDING while open, then SUCCESS or REFUSED), fee and method response.',
    tag: 'Payins',
    versioned: true,
    auth: 'token',
    responses: { 200: { description: 'The payin.', schema: payinResponseSchema, document: 'Payin' } },
    errors: ['VALIDATION_FAILED', 'PAYMENT_NOT_PERMITTED', 'PAYIN_NOT_FOUND'],
    async handle(c, { deps }) {
      const idPayin = c.get('idPayin');
      const payin = await deps.payins.get(c.get('merchant'), idPayin);
      // Only a successful payin can have refunds: the others are answered from the cached JSON alone.
      const totals =
        payin.status === 'SUCCESS' ? (await deps.refunds.totals([payin.id])).get(payin.id) : undefined;
      if (!totals) return replyJson(c, presentPayinJson(payin));
      const currency = payin.money.currency;
      return reply(c, {
        ...presentPayin(payin),
        refunds: {
          refunded: toApiMoney(moneyOf(currency, totals.refundedMinor)),
          refundPending: toApiMoney(moneyOf(currency, totals.activeMinor - totals.refundedMinor)),
          refundable: toApiMoney(moneyOf(currency, payin.money.minor - totals.activeMinor)),
        },
      });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/payins/:idPayin/accounts',
    operationId: 'getPayinAccounts',
    summary: "Read a payin's customer accounts",
    description:
      'customerAccountRequest: the account data given with the request; customerAccountProcess: the account the money came from, ' +
      'known once the payin succeeded. Fields appear when known.',
    tag: 'Payins',
    versioned: true,
    auth: 'token',
    responses: {
      200: {
        description: 'The customer account records.',
        schema: accountsResponseSchema,
        document: 'CustomerAccounts',
      },
    },
    errors: ['VALIDATION_FAILED', 'PAYMENT_NOT_PERMITTED', 'PAYIN_NOT_FOUND'],
    async handle(c, { deps }) {
      const idPayin = c.get('idPayin');
      return reply(c, presentAccounts(await deps.payins.get(c.get('merchant'), idPayin)));
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/payins/:idPayin/!cancel',
    operationId: 'cancelPayin',
    summary: 'Cancel an open payin',
    description:
      'Ends an open (PENDING) payin as REFUSED with processorStatus CANCELLED and sends its status-changed callback, as ' +
      'any other status change. No body, or `{}`. Money received before the cancel stays in process.moneyReceived; money ' +
      'arriving later shows in process.moneyReceivedLate. A final payin answers 409 PAYIN_FINAL; of a cancel and a ' +
      'concurrent success exactly one wins. Token operation: POST /payins/{idPayin}/!cancel (tokens by action do not ' +
      'grant it).',
    tag: 'Payins',
    versioned: true,
    auth: 'token',
    body: cancelPayinRequestSchema,
    bodyOptional: true,
    responses: {
      200: { description: 'The cancelled payin.', schema: payinResponseSchema, document: 'Payin' },
    },
    errors: [
      'VALIDATION_FAILED',
      'MALFORMED_JSON',
      'PAYMENT_NOT_PERMITTED',
      'PAYIN_NOT_FOUND',
      'PAYIN_FINAL',
    ],
    async handle(c, { deps }) {
      const payin = await deps.payins.cancel(c.get('merchant'), c.get('idPayin'));
      await recordAudit(c, deps, { action: 'payin.cancelled', target: payin.idPayin });
      return replyJson(c, presentPayinJson(payin));
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/payins/:idPayin/!setExternalReference',
    operationId: 'setExternalReference',
    summary: "Pass the customer's external payment reference",
    description:
      'Records the reference of the customer-made payment on an open payin, in the form its method takes ' +
      '(SetExternalReferenceRequest says which); a later call replaces it while the payin is open. A final payin answers 409. ' +
      'Only methods with a reference rule take one (P2A_V2 and QRIN: the 12-digit UTR); any other answers 400 ' +
      'EXTERNAL_REFERENCE_INVALID.',
    tag: 'Payins',
    versioned: true,
    auth: 'token',
    body: setExternalReferenceRequestSchema,
    bodyDocument: 'SetExternalReferenceRequest',
    responses: {
      200: { description: 'The reference was recorded.', schema: externalReferenceResponseSchema },
    },
    errors: [
      'VALIDATION_FAILED',
      'MALFORMED_JSON',
      'EXTERNAL_REFERENCE_INVALID',
      'PAYMENT_NOT_PERMITTED',
      'PAYIN_NOT_FOUND',
      'PAYIN_FINAL',
    ],
    async handle(c, { body, deps }) {
      const idPayin = c.get('idPayin');
      const payin = await deps.payins.setExternalReference(c.get('merchant'), idPayin, body.reference);
      return reply(c, {
        idPayin: payin.idPayin,
        externalReference: { reference: payin.externalReference ?? body.reference },
      });
    },
  }),
];
