import 'server-only';
import { currenciesResponseSchema, paymentOperatorsResponseSchema } from '@/lib/api/catalogue-responses';
import { METHOD_CODES, METHODS, isMethodCode } from '@/lib/methods';
import { CURRENCIES, CURRENCY_CODES, isCurrencyCode } from '@/lib/money';
import { requireAdapter } from '../../methods';
import { defineRoute, type ApiRoute } from '../route';
import { reply } from '../reply';
import { queryList } from './list-params';

const currenciesBody = () => ({
  data: CURRENCY_CODES.map((currencyCode) => ({
    currencyCode,
    decimals: CURRENCIES[currencyCode].decimals,
    paymentMethodCodes: METHOD_CODES.filter((code) => METHODS[code].currencies.includes(currencyCode)),
  })),
});

/** GET /currencies and GET /payment-operators: the code lists, from the same catalogue as the payins. */
export const catalogueRoutes: readonly ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/currencies',
    operationId: 'listCurrencies',
    summary: 'List currencies',
    description:
      'Every currency the service takes, with the number of decimals an amount may carry and the payment methods that take it. ' +
      'New entries may appear at any time (a non-breaking change).',
    tag: 'Code lists',
    versioned: true,
    auth: 'token',
    responses: { 200: { description: 'The currencies.', schema: currenciesResponseSchema } },
    errors: [],
    handle: (c) => reply(c, currenciesBody()),
  }),
  defineRoute({
    method: 'GET',
    path: '/payment-operators',
    operationId: 'listPaymentOperators',
    summary: 'List payment operators',
    description:
      'Payment operators (banks, wallets, networks) per method and currency. Optional comma-separated filters ' +
      '`paymentMethodCodes` and `currencyCodes`; unsupported values in them are ignored.',
    tag: 'Code lists',
    versioned: true,
    auth: 'token',
    query: [
      {
        name: 'paymentMethodCodes',
        description: 'Comma-separated method codes; unsupported values are ignored, and none left means all.',
        schema: { type: 'string', examples: ['QRTH,OFFLINE'] },
      },
      {
        name: 'currencyCodes',
        description:
          'Comma-separated currency codes; unsupported values are ignored, and none left means all.',
        schema: { type: 'string', examples: ['THB,VND'] },
      },
    ],
    responses: { 200: { description: 'The operators.', schema: paymentOperatorsResponseSchema } },
    errors: [],
    handle(c) {
      const methods = queryList(c.req.queries('paymentMethodCodes'), isMethodCode) ?? METHOD_CODES;
      const currencies = queryList(c.req.queries('currencyCodes'), isCurrencyCode) ?? CURRENCY_CODES;
      const data = methods.flatMap((paymentMethodCode) =>
        METHODS[paymentMethodCode].currencies
          .filter((currencyCode) => currencies.includes(currencyCode))
          .flatMap((currencyCode) =>
            requireAdapter(paymentMethodCode)
              .operators(currencyCode)
              .map(({ code, name }) => ({ paymentMethodCode, currencyCode, code, name })),
          ),
      );
      return reply(c, { data });
    },
  }),
];
