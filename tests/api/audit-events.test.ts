import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEventResource } from '@/lib/api/audit-responses';
import { ALL_PAYIN_OPERATIONS, PacedApiClient } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { expectProblem, fieldsOf } from '../support/problem';
import { startTestApi, type TestApi, type TestMerchant } from '../support/test-api';

// The merchant's audit log (docs/decisions/034): changes to keys and secrets and money moved or
// stopped by hand, each with the key that acted, the address and the request; never changed.
const OPERATIONS = [
  ...ALL_PAYIN_OPERATIONS,
  'POST /api-keys',
  'DELETE /api-keys/.*',
  'POST /callbacks/signing-secret/!rotate',
  'GET /audit-events',
];

let api: TestApi;
/** Many calls as one merchant: waits out the rate limit rather than testing it. */
let client: PacedApiClient;

beforeAll(async () => {
  api = await startTestApi();
  client = new PacedApiClient(api.baseUrl);
});
afterAll(() => api.close());

type Page = { data: AuditEventResource[]; nextCursor?: string };

const log = (token: string, query = '') => client.request<Page>('GET', `/audit-events${query}`, { token });

async function keyToken(merchant: TestMerchant, secret: string, operations: string[]): Promise<string> {
  const minted = await client.request<{ token: string }>('POST', '/auth-tokens', {
    body: { merchantCode: merchant.merchantCode, secret, operations },
  });
  expect(minted.status, minted.text).toBe(200);
  return minted.body.token;
}

describe('GET /audit-events', () => {
  it('records who did what, from where, newest first, and pages like GET /payins', async () => {
    const merchant = await api.createMerchant();
    const token = await api.client.token(merchant, OPERATIONS);
    const created = await client.request<{ idKey: string; secret: string }>('POST', '/api-keys', {
      token,
      body: { name: 'Ops', operations: OPERATIONS },
    });
    expect(created.status).toBe(201);
    const { idKey, secret } = created.body;
    const byKey = await keyToken(merchant, secret, OPERATIONS);
    expect((await client.request('POST', '/callbacks/signing-secret/!rotate', { token: byKey })).status).toBe(
      200,
    );
    const id = newIdPayin();
    expect((await client.request('POST', `/payins/${id}`, { token, body: payinRequest() })).status).toBe(201);
    expect((await client.request('POST', `/payins/${id}/!cancel`, { token: byKey })).status).toBe(200);
    expect((await client.request('DELETE', `/api-keys/${idKey}`, { token })).status).toBe(200);

    const all = await log(token);
    expect(all.status, all.text).toBe(200);
    expect(all.body.data.map((event) => event.action)).toEqual([
      'api_key.revoked',
      'payin.cancelled',
      'callback_secret.rotated',
      'api_key.created',
    ]);
    const [revoked, cancelled, rotated, madeKey] = all.body.data;
    expect(madeKey).toEqual({
      idEvent: expect.stringMatching(/^\d+$/),
      occurredAt: expect.any(String),
      actor: { type: 'MERCHANT_SECRET' },
      action: 'api_key.created',
      target: idKey,
      clientAddress: '127.0.0.1',
      requestId: expect.any(String),
      details: { name: 'Ops', operations: OPERATIONS, allowedAddresses: null, expiresAt: null },
    });
    // Never a secret, not even the rotated one.
    expect(JSON.stringify(all.body)).not.toContain(secret);
    expect(rotated).toMatchObject({ actor: { type: 'API_KEY', idKey }, target: null });
    expect(rotated!.details).toEqual({ previousSecretExpiresAt: expect.any(String) });
    expect(JSON.stringify(rotated)).not.toContain('whsec_');
    expect(cancelled).toMatchObject({ actor: { type: 'API_KEY', idKey }, target: id });
    expect(revoked).toMatchObject({
      actor: { type: 'MERCHANT_SECRET' },
      target: idKey,
      details: { name: 'Ops' },
    });

    const first = await log(token, '?limit=3');
    expect(first.body.data).toEqual(all.body.data.slice(0, 3));
    const rest = await log(token, `?limit=3&cursor=${first.body.nextCursor!}`);
    expect(rest.body.data).toEqual(all.body.data.slice(3));
    expect(rest.body.nextCursor).toBeUndefined();

    const byActor = await log(token, `?actor=${idKey}`);
    expect(byActor.body.data.map((event) => event.action)).toEqual([
      'payin.cancelled',
      'callback_secret.rotated',
    ]);
    const bySecret = await log(token, '?actor=secret&action=api_key.created,api_key.revoked,nonsense');
    expect(bySecret.body.data.map((event) => event.action)).toEqual(['api_key.revoked', 'api_key.created']);
    // Another merchant sees none of it.
    const other = await api.createMerchant();
    expect((await log(await api.client.token(other, OPERATIONS))).body.data).toEqual([]);
  });

  it('refuses what it cannot read, and tokens without the operation or confined to one payin', async () => {
    const merchant = await api.createMerchant();
    const token = await api.client.token(merchant, OPERATIONS);
    expect(fieldsOf(await log(token, '?actor=root'))).toEqual(['actor']);
    expect(fieldsOf(await log(token, '?cursor=bm9wZQ'))).toEqual(['cursor']);
    expect(fieldsOf(await log(token, '?limit=0'))).toEqual(['limit']);
    expectProblem(
      await log(await api.client.token(merchant, ['GET /payins'])),
      403,
      'OPERATION_NOT_PERMITTED',
    );
    const scoped = await api.client.token(merchant, [`GET /payins/${newIdPayin()}`, 'GET /audit-events']);
    expectProblem(await log(scoped), 403, 'PAYMENT_NOT_PERMITTED');
  });
});

describe('audit events', () => {
  it('are never changed or removed, whatever the code does', async () => {
    const merchant = await api.createMerchant();
    const token = await api.client.token(merchant, OPERATIONS);
    await client.request('POST', '/callbacks/signing-secret/!rotate', { token });
    const db = api.runtime.deps.db;
    await expect(sql`update audit_events set action = 'nothing'`.execute(db)).rejects.toThrow(/immutable/);
    await expect(sql`delete from audit_events`.execute(db)).rejects.toThrow(/immutable/);
    expect((await log(token)).body.data.map((event) => event.action)).toEqual(['callback_secret.rotated']);
  });
});
