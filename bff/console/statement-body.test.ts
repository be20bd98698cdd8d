import { describe, expect, it } from 'vitest';
import { readStatementBody } from './statement-body';

const post = (body: string, contentType: string, headers: Record<string, string> = {}) =>
  new Request('http://console.test/console/bff/api/collection/statements', {
    method: 'POST',
    headers: { 'content-type': contentType, ...headers },
    body,
  });

describe('readStatementBody', () => {
  it('passes CSV and XML text on with its content type', async () => {
    await expect(readStatementBody(post('id,amount\n1,2', 'text/csv; charset=utf-8'), 100)).resolves.toEqual({
      ok: true,
      text: 'id,amount\n1,2',
      contentType: 'text/csv; charset=utf-8',
    });
    await expect(readStatementBody(post('<Document/>', 'application/xml'), 100)).resolves.toMatchObject({
      ok: true,
      text: '<Document/>',
    });
  });

  it('refuses other content types', async () => {
    await expect(readStatementBody(post('{}', 'application/json'), 100)).resolves.toMatchObject({
      ok: false,
      status: 415,
    });
    await expect(readStatementBody(post('x', 'text/csvx'), 100)).resolves.toMatchObject({ status: 415 });
  });

  it('stops at the byte limit, whether declared or streamed', async () => {
    await expect(readStatementBody(post('ü'.repeat(6), 'text/csv'), 11)).resolves.toMatchObject({
      ok: false,
      status: 413,
    });
    await expect(readStatementBody(post('ü'.repeat(6), 'text/csv'), 12)).resolves.toMatchObject({ ok: true });
    const declared = post('small', 'text/csv', { 'content-length': '999' });
    await expect(readStatementBody(declared, 100)).resolves.toMatchObject({ status: 413 });
  });
});
