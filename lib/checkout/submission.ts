import { z } from 'zod';
import { CUSTOMER_FIELDS } from '../schemas/customer-fields';

/** What the pay form submits to the BFF (JSON from the enhanced form, or a plain form post). */
export const paymentSubmissionSchema = z.object({
  amount: z.string().regex(/^\d+(\.\d+)?$/),
  currencyCode: z.string().min(3).max(4),
  callbackUrl: z.string().max(2048),
  returnUrl: z.string().max(2048),
  paymentMethodCode: z.string().max(32),
  paymentOperatorCode: z.string().max(32).optional(),
  emailAddress: z.string().max(254).optional(),
  phoneNumber: z.string().max(32).optional(),
  accountName: z.string().max(140).optional(),
  accountNumber: z.string().max(64).optional(),
});

export type PaymentSubmission = z.infer<typeof paymentSubmissionSchema>;

/**
 * The API's create body. The API validates everything again (it is the authority): this only
 * reshapes flat form fields into the specification's request, dropping empty values.
 */
export function toCreatePayinBody(submission: PaymentSubmission) {
  const present = (value: string | undefined) =>
    value === undefined || value.trim() === '' ? undefined : value.trim();
  const [emailAddress, phoneNumber, accountName, accountNumber] = CUSTOMER_FIELDS.map((field) =>
    present(submission[field]),
  );
  return {
    paymentRequested: { money: { amount: Number(submission.amount), currencyCode: submission.currencyCode } },
    paymentMethod: {
      paymentMethodCode: submission.paymentMethodCode,
      ...(present(submission.paymentOperatorCode) && {
        paymentOperatorCode: present(submission.paymentOperatorCode),
      }),
      ...(emailAddress && { emailAddress }),
      ...(phoneNumber && { phoneNumber }),
      ...((accountName ?? accountNumber) && {
        account: { ...(accountName && { accountName }), ...(accountNumber && { accountNumber }) },
      }),
    },
    callbackUrl: submission.callbackUrl,
    returnUrl: submission.returnUrl,
  };
}
