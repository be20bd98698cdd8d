import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';

const ID_BYTES = 8;
const MAC_BYTES = 16;

/**
 * The link back to a payment's page in an e-mail (docs/decisions/052): the payin's internal id and
 * a MAC over it under a key derived from the server's signing key, 32 URL-safe characters. It names
 * one payin and opens a customer session of that payin only; it carries no token and grants
 * nothing else. The database alone cannot forge one.
 */
export class ResumeLinks {
  private readonly key: Buffer;

  constructor(serverSecret: Uint8Array) {
    this.key = createHmac('sha256', serverSecret).update('customer-email resume links v1').digest();
  }

  private mac(id: Buffer): Buffer {
    return createHmac('sha256', this.key).update(id).digest().subarray(0, MAC_BYTES);
  }

  make(payinId: bigint): string {
    const id = Buffer.alloc(ID_BYTES);
    id.writeBigUInt64BE(payinId);
    return Buffer.concat([id, this.mac(id)]).toString('base64url');
  }

  /** The payin a link names, or undefined for anything this server did not make. */
  read(key: string): bigint | undefined {
    if (!/^[A-Za-z0-9_-]{32}$/.test(key)) return undefined;
    const bytes = Buffer.from(key, 'base64url');
    if (bytes.length !== ID_BYTES + MAC_BYTES) return undefined;
    const id = bytes.subarray(0, ID_BYTES);
    if (!timingSafeEqual(bytes.subarray(ID_BYTES), this.mac(id))) return undefined;
    return id.readBigUInt64BE();
  }
}
