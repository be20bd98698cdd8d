import { z } from 'zod';
import { METHOD_CODES } from '../methods/catalogue';
import { CURRENCY_CODES } from '../money/currencies';

export const currenciesResponseSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      currencyCode: z.enum(CURRENCY_CODES),
      decimals: z.int(),
      paymentMethodCodes: z.array(z.enum(METHOD_CODES)),
    }),
  ),
});

export const paymentOperatorsResponseSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      paymentMethodCode: z.enum(METHOD_CODES),
      currencyCode: z.enum(CURRENCY_CODES),
      code: z.string(),
      name: z.string(),
    }),
  ),
});
