import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  createdMerchantSchema,
  operatorAccountSchema,
  operatorIssuedKeySchema,
  operatorMerchantListSchema,
  operatorMerchantSchema,
} from '@/lib/api/operator-responses';
import { createdInvitationSchema } from '@/lib/api/console-responses';
import { ROLES } from '@/lib/console/roles';
import { MERCHANT_CODE_PATTERN } from '@/lib/schemas';
import { AppError } from '../../errors';
import {
  auditedAccount,
  collectionAccountInputSchema,
  merchantPatchSchema,
  newMerchantSchema,
  presentMerchantForOperator,
  type Merchant,
} from '../../merchants';
import { liveGaps } from '../../payins';
import { recordAuditOf } from '../audit';
import type { ApiEnv } from '../context';
import { reply, responseHeaders } from '../reply';
import { defineRoute, type ApiRoute } from '../route';
import { invitationUrl } from './console.routes';

const OPERATOR = { type: 'operator' } as const;
const ACCOUNT_ID = /^[a-z0-9-]{1,40}$/;
const TAG = 'Operator';
const SEEN_BY_EVERY_INSTANCE =
  ' Every instance takes the change within seconds (its merchant directory refreshes every 2 s), without a restart.';

function presentMerchant(merchant: Merchant) {
  return {
    ...presentMerchantForOperator(merchant),
    notOffered: liveGaps(merchant).map((gap) => ({ ...gap })),
  };
}

function merchantCodeParam(c: Context<ApiEnv>): string {
  const code = c.req.param('merchantCode') ?? '';
  if (!MERCHANT_CODE_PATTERN.test(code))
    throw new AppError('MERCHANT_NOT_FOUND', `There is no merchant ${code}.`);
  return code;
}

function accountIdParam(c: Context<ApiEnv>): string {
  const id = c.req.param('idAccount') ?? '';
  if (!ACCOUNT_ID.test(id))
    throw new AppError('COLLECTION_ACCOUNT_NOT_FOUND', `The merchant has no collection account ${id}.`);
  return id;
}

/** Only the fields a change touched, before and after, for the audit log. */
function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

const operatorInviteSchema = z.strictObject({
  email: z.email({ message: 'An e-mail address, e.g. ana@shop.example.' }).max(254),
  role: z.enum(ROLES).default('owner'),
});

const issueKeySchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'Give the key a name.')
    .max(100, 'At most 100 characters.')
    .regex(/^[^\p{Cc}]*$/u, 'No control characters.'),
});

/**
 * The operator API (docs/decisions/035): merchants live in the database; operators create them,
 * change their terms and collection accounts, with the merchants file's rules, and without a restart.
 */
export function operatorRoutes(publicUrl: string): readonly ApiRoute[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/operator/merchants',
      operationId: 'operatorCreateMerchant',
      summary: 'Create a merchant',
      description:
        "A new merchant, with the merchants file's fields and rules (test or live, methods, fees, VAT, settlement delay, " +
        'collection accounts) and no secret: the answer carries its first API key, whose `secret` is shown in this answer ' +
        'only. A code already taken answers 409 MERCHANT_ALREADY_EXISTS.' +
        SEEN_BY_EVERY_INSTANCE,
      tag: TAG,
      versioned: true,
      auth: 'operator',
      body: newMerchantSchema,
      responses: {
        201: {
          description: 'The merchant and its first API key (secret shown once).',
          schema: createdMerchantSchema,
        },
      },
      errors: ['VALIDATION_FAILED', 'MALFORMED_JSON', 'MERCHANT_ALREADY_EXISTS', 'BROWSER_NOT_ALLOWED'],
      async handle(c, { body, deps }) {
        const { merchant, key, secret } = await deps.administration.create(body);
        const presented = presentMerchant(merchant);
        await recordAuditOf(c, deps, merchant.code, OPERATOR, {
          action: 'merchant.created',
          target: merchant.code,
          details: { ...presented, collectionAccounts: merchant.collectionAccounts.map(auditedAccount) },
        });
        await recordAuditOf(c, deps, merchant.code, OPERATOR, {
          action: 'api_key.created',
          target: key.id,
          details: { name: key.name, operations: null, allowedAddresses: null, expiresAt: null },
        });
        responseHeaders(c)['cache-control'] = 'no-store';
        return reply(c, { ...presented, idKey: key.id, secret }, 201);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/operator/merchants',
      operationId: 'operatorListMerchants',
      summary: 'List the merchants',
      description: 'Every merchant this instance knows, by code.',
      tag: TAG,
      versioned: true,
      auth: 'operator',
      responses: { 200: { description: 'The merchants.', schema: operatorMerchantListSchema } },
      errors: ['BROWSER_NOT_ALLOWED'],
      handle(c, { deps }) {
        const merchants = [...deps.merchants.list()].sort((a, b) => a.code.localeCompare(b.code));
        return reply(c, { data: merchants.map(presentMerchant) });
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/operator/merchants/:merchantCode',
      operationId: 'operatorGetMerchant',
      summary: 'Read a merchant',
      description: 'The merchant as stored now, with the methods a live merchant cannot be offered yet.',
      tag: TAG,
      versioned: true,
      auth: 'operator',
      responses: { 200: { description: 'The merchant.', schema: operatorMerchantSchema } },
      errors: ['MERCHANT_NOT_FOUND', 'BROWSER_NOT_ALLOWED'],
      async handle(c, { deps }) {
        const code = merchantCodeParam(c);
        const merchant = await deps.merchants.find(code);
        if (!merchant) throw new AppError('MERCHANT_NOT_FOUND', `There is no merchant ${code}.`);
        return reply(c, presentMerchant(merchant));
      },
    }),
    defineRoute({
      method: 'PATCH',
      path: '/operator/merchants/:merchantCode',
      operationId: 'operatorUpdateMerchant',
      summary: 'Change a merchant',
      description:
        'Each field given replaces the stored one (`fees` and `payoutFees` as a whole); null clears `fees`, ' +
        '`vatPercent`, `payoutFees` or `settlementDelaySeconds`. Whether a merchant is live or test cannot change. ' +
        "A merchant also in MERCHANTS_FILE is upserted from the file at every start: change the file's entry too, or " +
        'take it out of the file.' +
        SEEN_BY_EVERY_INSTANCE,
      tag: TAG,
      versioned: true,
      auth: 'operator',
      body: merchantPatchSchema,
      responses: { 200: { description: 'The merchant as changed.', schema: operatorMerchantSchema } },
      errors: ['VALIDATION_FAILED', 'MALFORMED_JSON', 'MERCHANT_NOT_FOUND', 'BROWSER_NOT_ALLOWED'],
      async handle(c, { body, deps }) {
        const { before, after } = await deps.administration.update(merchantCodeParam(c), body);
        const presented = presentMerchant(after);
        await recordAuditOf(c, deps, after.code, OPERATOR, {
          action: 'merchant.updated',
          target: after.code,
          details: changedFields(presentMerchantForOperator(before), presentMerchantForOperator(after)),
        });
        return reply(c, presented);
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/operator/merchants/:merchantCode/collection-accounts',
      operationId: 'operatorAddCollectionAccount',
      summary: 'Add a collection account',
      description:
        "Where the merchant's live customers pay (a bank account, PromptPay, DuitNow, VietQR, QRIS, QR Ph, UPI or a " +
        "stablecoin address list), with the merchants file's rules: an id new for the merchant (else 409 " +
        'COLLECTION_ACCOUNT_ALREADY_EXISTS), a feed API key no other account has.' +
        SEEN_BY_EVERY_INSTANCE,
      tag: TAG,
      versioned: true,
      auth: 'operator',
      body: collectionAccountInputSchema,
      responses: { 201: { description: 'The account as stored.', schema: operatorAccountSchema } },
      errors: [
        'VALIDATION_FAILED',
        'MALFORMED_JSON',
        'MERCHANT_NOT_FOUND',
        'COLLECTION_ACCOUNT_ALREADY_EXISTS',
        'BROWSER_NOT_ALLOWED',
      ],
      async handle(c, { body, deps }) {
        const merchant = await deps.administration.addAccount(merchantCodeParam(c), body);
        const account = merchant.collectionAccounts.find((existing) => existing.id === body.id)!;
        await recordAuditOf(c, deps, merchant.code, OPERATOR, {
          action: 'collection_account.added',
          target: account.id,
          details: auditedAccount(account),
        });
        return reply(c, auditedAccount(account), 201);
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/operator/merchants/:merchantCode/collection-accounts/:idAccount',
      operationId: 'operatorReplaceCollectionAccount',
      summary: 'Change a collection account',
      description:
        'Replaces the account with the one given (same id, same rules as when adding). Without `feed` the stored feed ' +
        'credentials are kept (they are held only as hashes). Payins already created keep the coordinates they were ' +
        'given.' +
        SEEN_BY_EVERY_INSTANCE,
      tag: TAG,
      versioned: true,
      auth: 'operator',
      body: collectionAccountInputSchema,
      responses: { 200: { description: 'The account as stored.', schema: operatorAccountSchema } },
      errors: [
        'VALIDATION_FAILED',
        'MALFORMED_JSON',
        'MERCHANT_NOT_FOUND',
        'COLLECTION_ACCOUNT_NOT_FOUND',
        'BROWSER_NOT_ALLOWED',
      ],
      async handle(c, { body, deps }) {
        const code = merchantCodeParam(c);
        const id = accountIdParam(c);
        const { before, after } = await deps.administration.replaceAccount(code, id, body);
        const account = after.collectionAccounts.find((existing) => existing.id === id)!;
        await recordAuditOf(c, deps, code, OPERATOR, {
          action: 'collection_account.replaced',
          target: id,
          details: changedFields(auditedAccount(before), auditedAccount(account)),
        });
        return reply(c, auditedAccount(account));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/operator/merchants/:merchantCode/api-keys',
      operationId: 'operatorIssueApiKey',
      summary: 'Issue an API key for a merchant',
      description:
        'A new key with every permission, for a merchant that lost its keys; its secret is shown in this answer only. ' +
        'Keys with limits are made by the merchant (POST /api-keys).',
      tag: TAG,
      versioned: true,
      auth: 'operator',
      body: issueKeySchema,
      responses: {
        201: { description: 'The key and its secret (shown once).', schema: operatorIssuedKeySchema },
      },
      errors: ['VALIDATION_FAILED', 'MALFORMED_JSON', 'MERCHANT_NOT_FOUND', 'BROWSER_NOT_ALLOWED'],
      async handle(c, { body, deps }) {
        const code = merchantCodeParam(c);
        const { key, secret } = await deps.administration.issueKey(code, body.name);
        await recordAuditOf(c, deps, code, OPERATOR, {
          action: 'api_key.created',
          target: key.id,
          details: { name: key.name, operations: null, allowedAddresses: null, expiresAt: null },
        });
        responseHeaders(c)['cache-control'] = 'no-store';
        return reply(c, { idKey: key.id, name: key.name, secret }, 201);
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/operator/merchants/:merchantCode/invitations',
      operationId: 'operatorInvite',
      summary: "Invite a person to a merchant's console",
      description:
        "An invitation by e-mail, as an owner unless `role` says otherwise: how a merchant's first owner joins. The " +
        'link (in this answer only) works once, for 7 days; the person sets a password and 2FA.',
      tag: TAG,
      versioned: true,
      auth: 'operator',
      body: operatorInviteSchema,
      responses: { 201: { description: 'The invitation and its link.', schema: createdInvitationSchema } },
      errors: [
        'VALIDATION_FAILED',
        'MALFORMED_JSON',
        'MERCHANT_NOT_FOUND',
        'USER_ALREADY_EXISTS',
        'BROWSER_NOT_ALLOWED',
      ],
      async handle(c, { body, deps }) {
        const code = merchantCodeParam(c);
        if (!(await deps.merchants.find(code)))
          throw new AppError('MERCHANT_NOT_FOUND', `There is no merchant ${code}.`);
        const { invitation, token } = await deps.people.invite(code, body, undefined);
        await recordAuditOf(c, deps, code, OPERATOR, {
          action: 'user.invited',
          target: invitation.id,
          details: { email: invitation.email, role: invitation.role },
        });
        responseHeaders(c)['cache-control'] = 'no-store';
        return reply(
          c,
          {
            idInvitation: invitation.id,
            email: invitation.email,
            role: invitation.role,
            createdAt: invitation.createdAt.toISOString(),
            expiresAt: invitation.expiresAt.toISOString(),
            invitationUrl: invitationUrl(publicUrl, token),
          },
          201,
        );
      },
    }),
  ];
}
