import 'server-only';
export * from './token.service';
export { importTokenKey, verifyToken, signToken, TOKEN_ALGORITHM, type TokenKeys } from './jwt';
export {
  operationsAllow,
  parseOperation,
  derivePaymentScope,
  escapePattern,
  literalPath,
  MAX_OPERATIONS,
} from './operations';
export { MAX_PATTERN_BRANCHES } from './path-pattern';
export type { TokenClaims } from './claims';
