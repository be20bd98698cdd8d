import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { keepServerValueOnce } from '../keys';
import { hashSecret, sameHash } from './secret-hash';

/**
 * The operator API's key (docs/decisions/035): OPERATOR_API_KEY when given; else one generated at
 * the first start, kept only as its keyed hash, and printed by that start alone (set
 * OPERATOR_API_KEY to replace a lost one).
 */
export class OperatorKey {
  private constructor(
    private readonly pepper: Buffer,
    private readonly hash: Buffer,
  ) {}

  static async load(
    db: Kysely<Database>,
    pepper: Buffer,
    fromEnvironment: string | undefined,
  ): Promise<{ key: OperatorKey; generated: string | undefined }> {
    if (fromEnvironment !== undefined)
      return { key: new OperatorKey(pepper, hashSecret(pepper, fromEnvironment)), generated: undefined };
    const candidate = `op_${randomBytes(24).toString('base64url')}`;
    const kept = await keepServerValueOnce(
      db,
      'operator-key-hash',
      hashSecret(pepper, candidate).toString('hex'),
    );
    return {
      key: new OperatorKey(pepper, Buffer.from(kept.value, 'hex')),
      generated: kept.created ? candidate : undefined,
    };
  }

  /** Compared as keyed hashes in constant time. */
  matches(presented: string): boolean {
    return sameHash(hashSecret(this.pepper, presented), this.hash);
  }
}
