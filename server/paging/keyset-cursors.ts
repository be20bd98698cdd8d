import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors';

const VERSION = 'p1:';
const MAX_ID = 2n ** 63n - 1n;
const MAC_BYTES = 16;
/** base64url of "p1:", at most 19 digits and the MAC: at most 51 characters. */
const ENCODED = /^[A-Za-z0-9_-]{26,51}$/;
const PAYLOAD = /^p1:([1-9][0-9]{0,18})$/;

/**
 * The cursors of newest-first lists (GET /payins, docs/decisions/024; /payouts and
 * /balance-transactions, 027): opaque to clients, each is the base64url (unpadded) of "p1:", the
 * internal id of the last item of a page, and a MAC of both and the merchant's code; the next page
 * lists the merchant's items below that id. A cursor altered, made up, of another merchant or of
 * another list does not decode.
 */
export class KeysetCursors {
  private readonly key: Buffer;

  /**
   * `secret`: server key material; the cursor key is derived from it (HKDF), never the secret
   * itself. `purpose` separates the keys of different lists (a payin cursor never pages payouts).
   */
  constructor(secret: Uint8Array, purpose = 'payin-list-cursor') {
    this.key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), purpose, 32));
  }

  encode(merchantCode: string, lastId: bigint): string {
    if (lastId < 1n || lastId > MAX_ID) throw new RangeError(`no cursor for id ${lastId}`);
    const payload = Buffer.from(`${VERSION}${lastId}`, 'latin1');
    return Buffer.concat([payload, this.mac(merchantCode, payload)]).toString('base64url');
  }

  /** The id a cursor continues below, or undefined for anything `encode` did not make for this merchant. */
  decode(merchantCode: string, cursor: string): bigint | undefined {
    if (!ENCODED.test(cursor)) return undefined;
    const bytes = Buffer.from(cursor, 'base64url');
    // One spelling per cursor: base64url with stray trailing bits decodes alike; refuse it.
    if (bytes.length <= MAC_BYTES || bytes.toString('base64url') !== cursor) return undefined;
    const payload = bytes.subarray(0, bytes.length - MAC_BYTES);
    if (!timingSafeEqual(bytes.subarray(payload.length), this.mac(merchantCode, payload))) return undefined;
    const digits = PAYLOAD.exec(payload.toString('latin1'))?.[1];
    if (digits === undefined) return undefined;
    const id = BigInt(digits);
    return id <= MAX_ID ? id : undefined;
  }

  /**
   * One page of a newest-first keyset list: `read` gets the rows below the cursor's id, one more
   * than the page to know whether another follows, so the last page has no nextCursor. 400
   * VALIDATION_FAILED for a cursor this service did not give this merchant for this list.
   */
  async page<T extends { id: bigint }>(
    merchantCode: string,
    query: { limit: number; cursor?: string | undefined },
    read: (beforeId: bigint | undefined, limit: number) => Promise<T[]>,
  ): Promise<{ items: T[]; nextCursor: string | undefined }> {
    let beforeId: bigint | undefined;
    if (query.cursor !== undefined) {
      beforeId = this.decode(merchantCode, query.cursor);
      if (beforeId === undefined) {
        const message = 'Not a cursor this API gave; pass nextCursor back as it came.';
        throw new AppError('VALIDATION_FAILED', message, { errors: [{ field: 'cursor', message }] });
      }
    }
    const rows = await read(beforeId, query.limit + 1);
    const items = rows.slice(0, query.limit);
    const last = items.at(-1);
    return {
      items,
      nextCursor: rows.length > query.limit && last ? this.encode(merchantCode, last.id) : undefined,
    };
  }

  private mac(merchantCode: string, payload: Buffer): Buffer {
    return createHmac('sha256', this.key)
      .update(merchantCode, 'utf8')
      .update('\n')
      .update(payload)
      .digest()
      .subarray(0, MAC_BYTES);
  }
}
