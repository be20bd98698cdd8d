import 'server-only';
import type { Kysely } from 'kysely';
import type { Logger } from '../logger';
import type { Database } from '../db';
import type { Merchant, MerchantDirectory } from '../merchants';
import type { PayinService } from '../payins';
import type { RateLimitStore } from '../ratelimit';
import type { TokenGrant, TokenService } from '../tokens';

/** Everything the API needs, built once at start by server/main.ts (or a test). */
export interface ApiDependencies {
  db: Kysely<Database>;
  logger: Logger;
  merchants: MerchantDirectory;
  tokens: TokenService;
  payins: PayinService;
  rateLimit: RateLimitStore;
}

export interface ApiEnv {
  Variables: {
    requestId: string;
    grant: TokenGrant;
    merchant: Merchant;
    /** The validated {idPayin} of payin routes, already checked against the token's payment scope. */
    idPayin: string;
  };
}
