// Token costs per request: our synchronous HS256 verifier against jose's WebCrypto verify (the
// baseline), token issuance (secret check + jose signing), and operation matching.
import { randomBytes } from 'node:crypto';
import { jwtVerify } from 'jose';
import { hashSecret } from '@/server/merchants/secret-hash';
import { secretMatches } from '@/server/merchants/secret-hash';
import { importTokenKey, TokenService, verifyToken } from '@/server/tokens';
import { microsPerOp, report } from './report';

const keys = await importTokenKey(randomBytes(32));
const tokens = new TokenService(keys, 86400);
const token = await tokens.issue({
  merchantCode: 'bench',
  operations: ['POST /payins/.*', 'GET /payins/.*', 'GET /merchant-info'],
});
const now = Math.floor(Date.now() / 1000);
const pepper = randomBytes(32);
const secret = `sk_test_${randomBytes(24).toString('base64url')}`;
const stored = hashSecret(pepper, secret);

const joseVerify = await microsPerOp(() => jwtVerify(token, keys.raw, { algorithms: ['HS256'] }));
const ourVerify = await microsPerOp(() => verifyToken(keys, token, now));
const authenticate = await microsPerOp(() => tokens.authenticate(token));
const issue = await microsPerOp(async () => {
  secretMatches(pepper, secret, stored);
  await tokens.issue({ merchantCode: 'bench', operations: ['GET /payins/order-1'] });
});

report(
  'tokens',
  {
    'jose jwtVerify (WebCrypto), µs/op': joseVerify,
    'our verifyToken (node:crypto), µs/op': ourVerify,
    'authenticate (verify + cached grant), µs/op': authenticate,
    'issue (secret HMAC + jose sign), µs/op': issue,
  },
  [
    {
      name: 'verify cost vs jose',
      value: ourVerify / joseVerify,
      target: '≤ 0.5',
      pass: ourVerify / joseVerify <= 0.5,
    },
    { name: 'issuance µs (well under a millisecond)', value: issue, target: '≤ 250', pass: issue <= 250 },
  ],
);
