import { z } from 'zod';
import { METHOD_CODES } from '../methods/catalogue';
import { customerFieldRules } from './customer-fields';
import { absoluteUrlSchema, accountSchema, emailSchema, moneySchema, phoneNumberSchema } from './primitives';

export const methodCodeSchema = z.enum(METHOD_CODES, { error: 'Unknown payment method code.' });

export const paymentOperatorCodeSchema = z
  .string()
  .regex(/^[A-Z0-9_]{1,32}$/, 'Payment operator codes are 1–32 capital letters, digits or underscores.');

/**
 * `paymentMethod` of POST /payins/{idPayin}: the code, an optional operator and the method data.
 * Unknown properties are dropped (the specification's versioning rule), never an error.
 */
export const paymentMethodSchema = z.object({
  paymentMethodCode: methodCodeSchema,
  paymentOperatorCode: paymentOperatorCodeSchema.optional(),
  emailAddress: emailSchema.optional(),
  phoneNumber: phoneNumberSchema.optional(),
  account: accountSchema.optional(),
  productId: z.string().trim().min(1).max(64).optional(),
});

export type PaymentMethodRequest = z.infer<typeof paymentMethodSchema>;

export const createPayinRequestSchema = z
  .object({
    paymentRequested: z.object({ money: moneySchema }),
    paymentMethod: paymentMethodSchema,
    callbackUrl: absoluteUrlSchema,
    returnUrl: absoluteUrlSchema,
  })
  .superRefine((request, ctx) => {
    // Method-dependent request rules (specification, "Method-dependent request rules").
    const method = request.paymentMethod;
    const rules = customerFieldRules(method.paymentMethodCode, request.paymentRequested.money.currency);
    const present = {
      emailAddress: method.emailAddress,
      phoneNumber: method.phoneNumber,
      accountName: method.account?.accountName,
      accountNumber: method.account?.accountNumber,
    };
    for (const [field, rule] of Object.entries(rules)) {
      if (rule === 'required' && present[field as keyof typeof present] === undefined) {
        const path =
          field === 'accountName' || field === 'accountNumber'
            ? ['paymentMethod', 'account', field]
            : ['paymentMethod', field];
        ctx.addIssue({
          code: 'custom',
          path,
          message: `${field} is required for this payment method and currency.`,
        });
      }
    }
  });

export type CreatePayinRequest = z.infer<typeof createPayinRequestSchema>;

export const availableOptionsRequestSchema = z.object({ money: moneySchema });

export const setExternalReferenceRequestSchema = z.object({
  reference: z.string().trim().min(1).max(64),
});
