/**
 * The closed set of error codes the API answers with, each mapped once to its HTTP status and title.
 * Codes are stable: merchants branch on them (docs/decisions/006-errors-as-problem-details.md).
 */
export const ERRORS = {
  BAD_REQUEST: { status: 400, title: 'Malformed HTTP request' },
  VALIDATION_FAILED: { status: 400, title: 'Request validation failed' },
  MALFORMED_JSON: { status: 400, title: 'Request body is not valid JSON' },
  INVALID_OPERATION_PATTERN: { status: 400, title: 'Operation pattern refused' },
  PAYMENT_METHOD_NOT_CONFIGURED: { status: 400, title: 'Payment method not available to this merchant' },
  CURRENCY_NOT_SUPPORTED: { status: 400, title: 'Currency not supported by the payment method' },
  PAYMENT_OPERATOR_UNKNOWN: { status: 400, title: 'Unknown payment operator' },
  URL_NOT_ALLOWED: { status: 400, title: 'URL not allowed' },
  EXTERNAL_REFERENCE_INVALID: { status: 400, title: 'External reference refused' },
  AUTHENTICATION_REQUIRED: { status: 401, title: 'Authentication required' },
  TOKEN_INVALID: { status: 401, title: 'Token invalid' },
  TOKEN_EXPIRED: { status: 401, title: 'Token expired' },
  SESSION_ENDED: { status: 401, title: 'Customer session ended' },
  INVALID_CREDENTIALS: { status: 401, title: 'Invalid merchant credentials' },
  OPERATION_NOT_PERMITTED: { status: 403, title: 'Operation not permitted by the token' },
  PAYMENT_NOT_PERMITTED: { status: 403, title: 'Payment not permitted by the token' },
  MONEY_NOT_PERMITTED: { status: 403, title: 'Amount or currency not permitted by the token' },
  TERMS_NOT_PERMITTED: { status: 403, title: 'Payment terms not permitted by the token' },
  SANDBOX_ONLY: { status: 403, title: 'Only test payments can be simulated' },
  BROWSER_NOT_ALLOWED: { status: 403, title: 'Not allowed from a browser' },
  NOT_FOUND: { status: 404, title: 'Not found' },
  API_VERSION_UNSUPPORTED: { status: 404, title: 'Unsupported API version' },
  METHOD_NOT_ALLOWED: { status: 405, title: 'Method not allowed' },
  PAYIN_NOT_FOUND: { status: 404, title: 'Payin not found' },
  PAYIN_ALREADY_EXISTS: { status: 409, title: 'Payin already exists' },
  PAYIN_FINAL: { status: 409, title: 'Payin is already final' },
  EXTERNAL_REFERENCE_REQUIRED: { status: 409, title: 'External reference required first' },
  REQUEST_TIMEOUT: { status: 408, title: 'Request not received in time' },
  LENGTH_REQUIRED: { status: 411, title: 'Content-Length required' },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'Request body too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'Request body must be JSON' },
  RATE_LIMITED: { status: 429, title: 'Too many requests' },
  HEADERS_TOO_LARGE: { status: 431, title: 'Request headers too large' },
  TOO_MANY_FAILED_ATTEMPTS: { status: 429, title: 'Too many failed authentication attempts' },
  INTERNAL: { status: 500, title: 'Internal server error' },
  SERVICE_UNAVAILABLE: { status: 503, title: 'Service unavailable' },
  PAYOUT_NOT_FOUND: { status: 404, title: 'Payout not found' },
  PAYOUT_ALREADY_EXISTS: { status: 409, title: 'Payout already exists' },
  PAYOUT_FINAL: { status: 409, title: 'Payout is already final' },
  PAYOUT_METHOD_UNKNOWN: { status: 400, title: 'Unknown payout method' },
  INSUFFICIENT_BALANCE: { status: 422, title: 'Insufficient available balance' },
  PAYOUTS_NOT_AVAILABLE: { status: 422, title: 'Payouts not available for this merchant' },
  AMOUNT_UNAVAILABLE: { status: 503, title: 'No unique amount to pay is free right now' },
  COLLECTION_TRANSACTION_NOT_FOUND: { status: 404, title: 'Collection transaction not found' },
  COLLECTION_TRANSACTION_RESOLVED: { status: 409, title: 'Nothing of the transaction is left to resolve' },
  PAYMENT_METHOD_NOT_AVAILABLE: { status: 422, title: 'Payment method not available live for this merchant' },
  ADDRESS_UNAVAILABLE: { status: 503, title: 'No collection address is free right now' },
  API_KEY_NOT_FOUND: { status: 404, title: 'API key not found' },
  KEY_ADDRESS_NOT_ALLOWED: { status: 403, title: 'The API key may not be used from this address' },
  KEY_OPERATION_NOT_PERMITTED: { status: 403, title: 'Operation not permitted by the API key' },
  OPERATOR_KEY_INVALID: { status: 401, title: 'Operator API key invalid' },
  MERCHANT_NOT_FOUND: { status: 404, title: 'Merchant not found' },
  MERCHANT_ALREADY_EXISTS: { status: 409, title: 'Merchant already exists' },
  COLLECTION_ACCOUNT_NOT_FOUND: { status: 404, title: 'Collection account not found' },
  COLLECTION_ACCOUNT_ALREADY_EXISTS: { status: 409, title: 'Collection account already exists' },
  SIGN_IN_FAILED: { status: 401, title: 'E-mail address or password not valid' },
  SECOND_FACTOR_INVALID: { status: 401, title: 'Authentication code not valid' },
  CONSOLE_SESSION_INVALID: { status: 401, title: 'Console session ended or not valid' },
  INVITATION_INVALID: { status: 404, title: 'Invitation not valid' },
  USER_ALREADY_EXISTS: { status: 409, title: 'A user with this e-mail address exists' },
  USER_NOT_FOUND: { status: 404, title: 'User not found' },
  ROLE_NOT_PERMITTED: { status: 403, title: 'Not permitted for your role' },
  LAST_OWNER: { status: 409, title: 'The last owner cannot be removed' },
  REFUND_NOT_FOUND: { status: 404, title: 'Refund not found' },
  REFUND_ALREADY_EXISTS: { status: 409, title: 'Refund already exists' },
  REFUND_FINAL: { status: 409, title: 'Refund is already final' },
  REFUND_NOT_CLAIMED: { status: 409, title: 'The payer has not said where the refund goes yet' },
  PAYIN_NOT_REFUNDABLE: { status: 409, title: 'Only a successful payin can be refunded' },
  REFUND_EXCEEDS_PAYMENT: { status: 422, title: 'Refunds would exceed what the payin received' },
  REFUND_CURRENCY_MISMATCH: { status: 422, title: "A refund is in its payin's currency" },
  REFUNDS_NOT_AVAILABLE: { status: 422, title: 'Refunds not available for this merchant' },
  REFUND_CLAIM_NOT_FOUND: { status: 404, title: 'Refund claim not found' },
  REFUND_CLAIM_CLOSED: { status: 409, title: 'The refund can no longer be claimed' },
  PAYOUT_BATCH_NOT_FOUND: { status: 404, title: 'Payout batch not found' },
  PAYOUT_BATCH_EMPTY: { status: 422, title: 'No payouts are waiting for a batch' },
  PAYOUT_BATCH_DOWNLOADED: { status: 409, title: 'The payout batch was downloaded already' },
  PAYOUT_BATCH_CANCELLED: { status: 409, title: 'The payout batch was cancelled' },
  PAYMENT_LINK_NOT_FOUND: { status: 404, title: 'Payment link not found' },
  PAYMENT_LINK_ALREADY_EXISTS: { status: 409, title: 'A payment link with this id already exists' },
  PAYMENT_LINK_CLOSED: { status: 409, title: 'The payment link takes no more payments' },
  PAGE_LINK_NOT_FOUND: { status: 404, title: 'Payment page link not found' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERRORS;

export interface FieldError {
  /** Dotted path of the offending field in the request, e.g. "paymentRequested.money.amount". */
  field: string;
  message: string;
}

/** The one error type services throw; the HTTP layer maps it to problem+json in one place. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: readonly FieldError[];
  /** Extra response headers (Retry-After on 429). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    code: ErrorCode,
    detail: string,
    options: { errors?: readonly FieldError[]; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(detail, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.errors = options.errors ?? [];
    this.headers = options.headers ?? {};
  }

  get status(): number {
    return ERRORS[this.code].status;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
