import 'server-only';
import { customerFieldRules, METHOD_CODES, METHODS, type MethodCode } from '@/lib/methods';
import { CURRENCIES, CURRENCY_CODES, MAX_MINOR, type CurrencyCode } from '@/lib/money';
import { PAYIN_STATUSES } from '@/lib/payins/statuses';
import { CUSTOMER_FIELDS, ID_PAYIN_PATTERN, type CustomerField } from '@/lib/schemas';
import { requireAdapter } from '../../methods';
import { ACCOUNT_RECORD_FIELDS } from '../../payins';

type Json = Record<string, unknown>;

/** A reference to a named schema of the document. */
export const schemaRef = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });

// ——— Money ———————————————————————————————————————————————————————————————————————————

/** The step of a currency's amounts as an exact decimal literal: 1, 0.01, 0.000001. */
const stepOf = (decimals: number): number => Number(`1e-${decimals}`);

/**
 * The Money object: `positive` for money that must be there (what is asked, paid, received),
 * `zero` for amounts a real answer may carry as 0 (a fee waived, VAT that rounds to nothing).
 * Each currency's decimals are its `multipleOf`, so any JSON Schema validator refuses THB 10.123.
 */
function money(lowest: 'positive' | 'zero'): Json {
  const byDecimals = new Map<number, CurrencyCode[]>();
  for (const code of CURRENCY_CODES) {
    const { decimals } = CURRENCIES[code];
    byDecimals.set(decimals, [...(byDecimals.get(decimals) ?? []), code]);
  }
  return {
    type: 'object',
    description:
      (lowest === 'positive'
        ? 'An amount and its currency; the amount is more than 0. '
        : 'A Money whose amount may be 0. ') +
      "The amount is a decimal number with at most the currency's decimals (" +
      [...byDecimals].map(([decimals, codes]) => `${decimals} for ${codes.join(', ')}`).join('; ') +
      ') and 15 significant digits; more decimals are refused, never rounded. Each currency states its decimals as ' +
      '`multipleOf` (1, 0.01, 0.000001), an exact decimal: validators that divide in binary floating point misjudge ' +
      'some amounts (10.12 / 0.01 = 1011.9999999999999) and need a tolerance (Ajv: `multipleOfPrecision: 9`); ' +
      '`x-decimals` gives the same rule as a count of digits.',
    required: ['amount', 'currencyCode'],
    properties: {
      amount: {
        type: 'number',
        ...(lowest === 'positive' ? { exclusiveMinimum: 0 } : { minimum: 0 }),
        maximum: Number(MAX_MINOR),
      },
      currencyCode: { type: 'string', enum: [...CURRENCY_CODES] },
    },
    allOf: [...byDecimals].map(([decimals, codes]) => ({
      if: { properties: { currencyCode: { enum: codes } }, required: ['currencyCode'] },
      then: {
        properties: {
          amount: {
            maximum: Number(MAX_MINOR) / 10 ** decimals,
            multipleOf: stepOf(decimals),
            'x-decimals': decimals,
          },
        },
      },
    })),
  };
}

// ——— Requests ————————————————————————————————————————————————————————————————————————

const FIELD_SCHEMAS: Record<Exclude<CustomerField, 'accountName' | 'accountNumber'>, Json> = {
  emailAddress: { type: 'string', format: 'email', maxLength: 254, description: 'Validated.' },
  phoneNumber: {
    type: 'string',
    maxLength: 32,
    description:
      "The customer's phone, in the national format of the payment currency's country (0812345678 for THB) or " +
      'international (+66812345678); stored in E.164. Where the method needs it, a mobile number of that country.',
  },
};

const ACCOUNT_REQUEST = {
  accountName: { type: 'string', minLength: 1, maxLength: 140 },
  accountNumber: { type: 'string', minLength: 1, maxLength: 64 },
};

/** What requiring a customer field means in the request object. */
function requireField(field: CustomerField): Json {
  if (field === 'accountName' || field === 'accountNumber')
    return { required: ['account'], properties: { account: { required: [field] } } };
  return { required: [field] };
}

interface RequestVariant {
  name: string;
  method: MethodCode;
  operators: string[];
  operatorRequired: boolean;
  description: string;
}

/** Every request object of every method, with the operators that select it (descriptors and adapters). */
function variants(): RequestVariant[] {
  return METHOD_CODES.flatMap((method) => {
    const { currencies, requestVariants } = METHODS[method];
    const adapter = requireAdapter(method);
    const operators = [
      ...new Set(currencies.flatMap((currency) => adapter.operators(currency).map(({ code }) => code))),
    ];
    return requestVariants.map((variant) => ({
      name: variant.requestObject,
      method,
      operators: variant.selects ? operators.filter((code) => variant.selects!(code)) : operators,
      operatorRequired: variant.operatorRequired ?? false,
      description: variant.description,
    }));
  });
}

/** The name of a method's request: its object, or the choice of its objects where an operator selects one. */
const requestName = (method: MethodCode) =>
  METHODS[method].requestVariants.length > 1
    ? `${METHODS[method].requestObject}s`
    : METHODS[method].requestObject;

/** Customer-field rules of a variant, for a currency and an operator (or none). */
function rulesOf(variant: RequestVariant, currency: CurrencyCode, operator: string | undefined) {
  return customerFieldRules(
    variant.method,
    currency,
    operator ?? (variant.operatorRequired ? variant.operators[0] : undefined),
  );
}

function requestObject(variant: RequestVariant): Json {
  const currencies = METHODS[variant.method].currencies;
  const operatorChoices: (string | undefined)[] = variant.operatorRequired
    ? variant.operators
    : [undefined, ...variant.operators];
  const combos = currencies.flatMap((currency) =>
    operatorChoices.map((operator) => rulesOf(variant, currency, operator)),
  );
  const used = CUSTOMER_FIELDS.filter((field) => combos.some((rules) => rules[field] !== 'unused'));
  const always = CUSTOMER_FIELDS.filter((field) => combos.every((rules) => rules[field] === 'required'));
  // Requirements an operator adds whatever the currency (EWALLET's push wallets need the phone).
  const byOperator = variant.operators.flatMap((operator) =>
    CUSTOMER_FIELDS.filter(
      (field) =>
        !always.includes(field) &&
        currencies.every((currency) => rulesOf(variant, currency, operator)[field] === 'required'),
    ).map((field) => ({
      if: { properties: { paymentOperatorCode: { const: operator } }, required: ['paymentOperatorCode'] },
      then: requireField(field),
    })),
  );
  const accountFields = used.filter((field): field is 'accountName' | 'accountNumber' =>
    field.startsWith('account'),
  );
  const required = [
    'paymentMethodCode',
    ...(variant.operatorRequired ? ['paymentOperatorCode'] : []),
    ...always.filter((field) => !field.startsWith('account')),
    ...(always.some((field) => field.startsWith('account')) ? ['account'] : []),
  ];
  return {
    type: 'object',
    description: `${variant.description} Properties not listed are ignored.`,
    required,
    properties: {
      paymentMethodCode: { type: 'string', const: variant.method },
      ...(variant.operators.length > 0 && {
        paymentOperatorCode: {
          type: 'string',
          enum: variant.operators,
          description: 'The bank, wallet, network or PSP (GET /payment-operators lists them per currency).',
        },
      }),
      ...Object.fromEntries(
        used
          .filter((field): field is 'emailAddress' | 'phoneNumber' => !field.startsWith('account'))
          .map((field) => [field, FIELD_SCHEMAS[field]]),
      ),
      ...(accountFields.length > 0 && {
        account: {
          type: 'object',
          description: 'The customer account funds are expected from.',
          properties: Object.fromEntries(accountFields.map((field) => [field, ACCOUNT_REQUEST[field]])),
          ...(always.some((field) => field.startsWith('account')) && {
            required: always.filter((field) => field.startsWith('account')),
          }),
        },
      }),
      ...(METHODS[variant.method].takesProductId && {
        productId: { type: 'string', minLength: 1, maxLength: 64, description: 'Echoed in the response.' },
      }),
    },
    ...(byOperator.length > 0 && { allOf: byOperator }),
  };
}

/** Rules that depend on the currency, outside paymentMethod: which currencies a method takes, and what it then needs. */
function currencyRules(all: readonly RequestVariant[]): Json[] {
  const rules: Json[] = [];
  const isMethod = (method: MethodCode) => ({
    properties: {
      paymentMethod: {
        properties: { paymentMethodCode: { const: method } },
        required: ['paymentMethodCode'],
      },
    },
  });
  for (const method of METHOD_CODES) {
    const currencies = METHODS[method].currencies;
    rules.push({
      if: isMethod(method),
      then: {
        properties: {
          paymentRequested: { properties: { money: { properties: { currencyCode: { enum: currencies } } } } },
        },
      },
    });
    const variant = all.find((candidate) => candidate.method === method)!;
    for (const currency of currencies) {
      const rules0 = rulesOf(variant, currency, undefined);
      const everywhere = currencies.every((other) => other === currency);
      for (const field of CUSTOMER_FIELDS) {
        const elsewhere = currencies.some(
          (other) => rulesOf(variant, other, undefined)[field] !== 'required',
        );
        if (rules0[field] !== 'required' || !elsewhere || everywhere) continue;
        rules.push({
          if: {
            allOf: [
              isMethod(method),
              {
                properties: {
                  paymentRequested: {
                    properties: { money: { properties: { currencyCode: { const: currency } } } },
                  },
                },
              },
            ],
          },
          then: { properties: { paymentMethod: requireField(field) } },
        });
      }
    }
  }
  return rules;
}

// ——— Responses ———————————————————————————————————————————————————————————————————————

/** The customer's reference of a method that takes one (specification, 2.39: the UTR). */
function externalReference(method: MethodCode): Json | undefined {
  const rule = METHODS[method].externalReference?.rule;
  return (
    rule && {
      type: 'object',
      required: ['reference'],
      properties: {
        reference: { type: 'string', pattern: rule.pattern.source, description: rule.description },
      },
    }
  );
}

/** What !setExternalReference takes, by the methods that have a reference rule. */
function referenceDescription(): string {
  const methods = METHOD_CODES.filter((code) => METHODS[code].externalReference);
  const named = methods.map((code) =>
    METHODS[code].externalReference!.required ? `${code} (required before success)` : code,
  );
  const rules = [...new Set(methods.map((code) => METHODS[code].externalReference!.rule.description))];
  return `For ${named.join(' and ')}: ${rules.join(' ')} Other methods keep what the customer gives.`;
}

/** Every property a method response may carry, with its schema (common and method-specific). */
const RESPONSE_PROPERTIES: Record<string, Json> = {
  idPayin: { type: 'string', pattern: ID_PAYIN_PATTERN.source },
  paymentMethodCode: { type: 'string', enum: [...METHOD_CODES] },
  money: schemaRef('Money'),
  moneyRequired: {
    ...schemaRef('Money'),
    description:
      'The amount the customer must pay for the payment to be recognised; the merchant is credited money.',
  },
  expireAt: { type: 'string', format: 'date-time' },
  reference: { type: 'string', description: 'The payment reference the customer quotes.' },
  returnUrl: { type: 'string', format: 'uri' },
  paymentOperator: schemaRef('PaymentOperator'),
  vat: {
    ...schemaRef('MoneyOrZero'),
    description: 'VAT on the fee, when levied: 0 when it rounds to nothing (a small fee, or none).',
  },
  account: {
    type: 'object',
    description: 'The account the customer pays into (ours at the chosen bank, or the deposit address).',
    properties: {
      accountName: { type: 'string' },
      accountNumber: { type: 'string' },
      bankCode: { type: 'string' },
      bankName: { type: 'string' },
      bankBranch: {
        type: 'string',
        description: 'The branch, where the rail needs it (Japanese transfers).',
      },
      bankBranchCode: { type: 'string', description: 'The branch code (Japan: three digits).' },
      accountType: {
        type: 'string',
        enum: ['ORDINARY', 'CHECKING'],
        description: 'The account type, where the rail needs it (Japan: 普通 ORDINARY, 当座 CHECKING).',
      },
    },
  },
  accountCustomer: {
    type: 'object',
    description:
      "The customer's account funds are expected from: the request's account, else the account the money came from once " +
      'the payin succeeded, else both fields null.',
    required: ['accountName', 'accountNumber'],
    properties: { accountName: { type: ['string', 'null'] }, accountNumber: { type: ['string', 'null'] } },
  },
  externalReference: {
    type: 'object',
    required: ['reference'],
    properties: { reference: { type: 'string' } },
    description: 'The reference the customer passed with !setExternalReference.',
  },
  paymentAddress: {
    type: 'object',
    required: ['name', 'idAddress'],
    properties: {
      name: { type: 'string' },
      idAddress: { type: 'string', description: 'A UPI ID or NPCI account address.' },
      bankName: {
        type: 'string',
        description: 'P2A_V2 bank transfer: the bank of the account to pay by IMPS or NEFT.',
      },
      ifsc: {
        type: 'string',
        pattern: '^[A-Z]{4}0[A-Z0-9]{6}$',
        description: 'P2A_V2 bank transfer: the IFSC of the account’s branch.',
      },
    },
  },
  paymentInstructionList: {
    type: 'array',
    description: 'How to pay the virtual account, one entry per channel.',
    items: {
      type: 'object',
      required: ['channel', 'title', 'steps'],
      properties: {
        channel: { type: 'string', enum: ['MOBILE_BANKING', 'INTERNET_BANKING', 'ATM', 'OTHER_BANK'] },
        title: { type: 'string' },
        paymentOperator: schemaRef('PaymentOperator'),
        virtualAccountNumber: { type: 'string' },
        steps: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  qrCode: {
    type: 'string',
    description:
      'The QR payload: EMVCo merchant-presented (PromptPay, DuitNow, VietQR, QR Ph, QRIS) or a UPI link.',
  },
  qrName: { type: 'string' },
  qrInDeepLink: { type: 'string', description: 'upi://pay link that opens a UPI app.' },
  productId: { type: 'string' },
  redirectTo: {
    type: 'string',
    format: 'uri',
    description: 'Where to send the customer: the payment institution.',
  },
  pushNotification: {
    type: 'object',
    description: "Our addition: the approval request sent to the customer's phone.",
    required: ['channel', 'phoneNumber', 'approveIn', 'instruction'],
    properties: {
      channel: { type: 'string', enum: ['USSD', 'SIM_TOOLKIT', 'APP'] },
      phoneNumber: { type: 'string', description: 'Masked.' },
      approveIn: { type: 'string' },
      instruction: { type: 'string' },
    },
  },
  cryptoPayment: {
    type: 'object',
    description:
      'Our addition: network, token, deposit address (EIP-55 on EVM networks), exact amount and a wallet link.',
    required: [
      'network',
      'networkName',
      'token',
      'tokenStandard',
      'contractAddress',
      'depositAddress',
      'amount',
      'paymentUri',
      'instruction',
    ],
    properties: {
      network: { type: 'string' },
      networkName: { type: 'string' },
      token: { type: 'string' },
      tokenStandard: { type: 'string' },
      contractAddress: { type: 'string' },
      chainId: { type: 'integer' },
      depositAddress: { type: 'string' },
      amount: { type: 'string' },
      paymentUri: { type: 'string' },
      instruction: { type: 'string' },
    },
  },
};

const COMMON_REQUIRED = ['idPayin', 'paymentMethodCode', 'money', 'expireAt', 'reference', 'returnUrl'];
const COMMON_OPTIONAL = ['vat', 'externalReference'];

/**
 * Which properties each method's response carries, required (always) and optional (sometimes): the
 * descriptor's own, and those its facts imply (a unique amount, an operator, accountCustomer).
 */
function responseFields(method: MethodCode): { required: string[]; optional: string[] } {
  const descriptor = METHODS[method];
  const adapter = requireAdapter(method);
  const hasOperators = descriptor.currencies.some((currency) => adapter.operators(currency).length > 0);
  return {
    required: [
      ...(descriptor.uniqueAmount ? ['moneyRequired'] : []),
      ...(descriptor.assignsDefaultOperator ? ['paymentOperator'] : []),
      ...(descriptor.reportsAccountCustomer ? ['accountCustomer'] : []),
      ...descriptor.response.required,
    ],
    optional: [
      ...(hasOperators && !descriptor.assignsDefaultOperator ? ['paymentOperator'] : []),
      ...descriptor.response.optional,
      ...(descriptor.takesProductId ? ['productId'] : []),
    ],
  };
}

/** The property names a method's response may carry (what the response schema documents). */
export function documentedResponseProperties(method: MethodCode): string[] {
  const { required, optional } = responseFields(method);
  return [...COMMON_REQUIRED, ...COMMON_OPTIONAL, ...required, ...optional];
}

function responseObject(method: MethodCode): Json {
  const { required } = responseFields(method);
  const names = documentedResponseProperties(method);
  const properties = Object.fromEntries(names.map((name) => [name, RESPONSE_PROPERTIES[name]]));
  properties.paymentMethodCode = { type: 'string', const: method };
  const reference = externalReference(method);
  if (reference) properties.externalReference = reference;
  return {
    type: 'object',
    description: `The response of ${METHODS[method].requestObject} (${method}). New properties may appear at any time.`,
    required: [...COMMON_REQUIRED, ...required],
    properties,
  };
}

// ——— The set ——————————————————————————————————————————————————————————————————————————

const responseName = (method: MethodCode) => `${METHODS[method].requestObject}Response`;

function discriminated(names: Record<string, string>): Json {
  return {
    oneOf: [...new Set(Object.values(names))].map(schemaRef),
    discriminator: {
      propertyName: 'paymentMethodCode',
      mapping: Object.fromEntries(
        Object.entries(names).map(([code, name]) => [code, `#/components/schemas/${name}`]),
      ),
    },
  };
}

const PAYMENT_OPERATOR = {
  type: 'object',
  required: ['code', 'name'],
  properties: { code: { type: 'string' }, name: { type: 'string' } },
};

const ACCOUNT_RECORD = {
  type: 'object',
  description: 'Every field present, null where it is not known.',
  required: [...ACCOUNT_RECORD_FIELDS],
  properties: Object.fromEntries(ACCOUNT_RECORD_FIELDS.map((field) => [field, { type: ['string', 'null'] }])),
};

/**
 * The specification's objects as named OpenAPI schemas: one request object per method (with the
 * fields it needs per currency and operator, from the same rules the API applies), one response
 * object per method, discriminated by paymentMethodCode, and the Payin around them.
 */
export function payinSchemas(): Record<string, Json> {
  const all = variants();
  const requestNames = Object.fromEntries(METHOD_CODES.map((code) => [code, requestName(code)]));
  const responseNames = Object.fromEntries(METHOD_CODES.map((code) => [code, responseName(code)]));
  return {
    Money: money('positive'),
    MoneyOrZero: money('zero'),
    PaymentOperator: PAYMENT_OPERATOR,
    ...Object.fromEntries(all.map((variant) => [variant.name, requestObject(variant)])),
    ...Object.fromEntries(
      METHOD_CODES.filter((code) => METHODS[code].requestVariants.length > 1).map((code) => [
        requestName(code),
        {
          description: `${code} carries one of ${METHODS[code].requestVariants.length === 2 ? 'two' : 'several'} request objects, told apart by paymentOperatorCode.`,
          properties: { paymentMethodCode: { type: 'string', const: code } },
          oneOf: METHODS[code].requestVariants.map((variant) => schemaRef(variant.requestObject)),
        },
      ]),
    ),
    PaymentMethod: discriminated(requestNames),
    CreatePayinRequest: {
      type: 'object',
      required: ['paymentRequested', 'paymentMethod', 'callbackUrl', 'returnUrl'],
      properties: {
        paymentRequested: { type: 'object', required: ['money'], properties: { money: schemaRef('Money') } },
        paymentMethod: schemaRef('PaymentMethod'),
        callbackUrl: {
          type: 'string',
          format: 'uri',
          maxLength: 2048,
          description: 'Receives the callbacks (https).',
        },
        returnUrl: {
          type: 'string',
          format: 'uri',
          maxLength: 2048,
          description: 'Where the customer returns (https).',
        },
      },
      allOf: currencyRules(all),
    },
    ...Object.fromEntries(METHOD_CODES.map((code) => [responseName(code), responseObject(code)])),
    PaymentMethodResponse: discriminated(responseNames),
    CreatePayinResponse: {
      type: 'object',
      required: ['paymentRequested', 'paymentMethodResponse'],
      properties: {
        paymentRequested: { type: 'object', required: ['money'], properties: { money: schemaRef('Money') } },
        paymentMethodResponse: schemaRef('PaymentMethodResponse'),
      },
    },
    PaymentProcess: {
      type: 'object',
      required: ['status', 'createdAt', 'processedAt', 'isTest'],
      properties: {
        status: {
          type: 'string',
          enum: [...PAYIN_STATUSES],
          description: 'PENDING while open, then SUCCESS or REFUSED.',
        },
        createdAt: { type: 'string', format: 'date-time' },
        processedAt: {
          type: ['string', 'null'],
          format: 'date-time',
          description: 'When it became final; null while open.',
        },
        isTest: { type: 'boolean' },
        processorStatus: {
          type: 'string',
          description:
            'SUCCESS: APPROVED, or OVERPAID when more than the amount to pay was received. REFUSED: DECLINED, EXPIRED, ' +
            'UNDERPAID (expired with part of the amount received), CANCELLED (by the merchant) or what the processor ' +
            'reported.',
        },
        moneyReceived: {
          ...schemaRef('Money'),
          description:
            'Money received while the payin was open (several payments add up); absent when none. The payin succeeds ' +
            'once it reaches moneyRequired (else money).',
        },
        moneyReceivedLate: {
          ...schemaRef('Money'),
          description: 'Money received after the payin ended; it never changes the status. Absent when none.',
        },
        moneyOutstanding: {
          ...schemaRef('Money'),
          description:
            'What an open payin that received part of its money still needs (moneyRequired, else money, less ' +
            'moneyReceived); more than 0. Absent when nothing was received or the payin is final.',
        },
      },
    },
    Payin: {
      type: 'object',
      required: ['paymentRequested', 'process', 'fee', 'paymentMethodResponse'],
      properties: {
        paymentRequested: { type: 'object', required: ['money'], properties: { money: schemaRef('Money') } },
        process: schemaRef('PaymentProcess'),
        fee: {
          ...schemaRef('MoneyOrZero'),
          description: 'The fee charged on the payin; 0 where the merchant pays none.',
        },
        paymentMethodResponse: schemaRef('PaymentMethodResponse'),
      },
    },
    PayinListItem: {
      description: 'The Payin of GET /payins/{idPayin}, with idPayin first.',
      allOf: [
        {
          type: 'object',
          required: ['idPayin'],
          properties: { idPayin: { type: 'string', pattern: ID_PAYIN_PATTERN.source } },
        },
        schemaRef('Payin'),
      ],
    },
    PayinList: {
      type: 'object',
      required: ['data'],
      properties: {
        data: { type: 'array', items: schemaRef('PayinListItem'), description: 'Newest first.' },
        nextCursor: {
          type: 'string',
          description: 'Pass as cursor for the next page; absent on the last page.',
        },
      },
    },
    CustomerAccount: ACCOUNT_RECORD,
    CustomerAccounts: {
      type: 'object',
      required: ['customerAccountRequest', 'customerAccountProcess'],
      properties: {
        customerAccountRequest: schemaRef('CustomerAccount'),
        customerAccountProcess: schemaRef('CustomerAccount'),
      },
    },
    SetExternalReferenceRequest: {
      type: 'object',
      required: ['reference'],
      properties: {
        reference: {
          type: 'string',
          minLength: 1,
          maxLength: 64,
          description: referenceDescription(),
          examples: ['123456789012'],
        },
      },
    },
  };
}
