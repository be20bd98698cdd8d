import 'server-only';
// The API's edge: the Hono app and its routes, the front door beside Next, and what Next's side
// reaches in-process. Only runtime.ts and main.ts (the composition) stand above it.
export { createApiApp } from './app';
export type { ApiDependencies, ApiEnv } from './context';
export { createFrontDoor, type FrontDoor } from './front-door';
export { registerConsoleSessionKey, registerInProcessApi } from './in-process';
export { apiKeyRoutes } from './routes/api-key.routes';
export { auditRoutes } from './routes/audit.routes';
export { balanceRoutes } from './routes/balance.routes';
export { callbackReceiverRoutes } from './routes/callback-receiver.routes';
export { callbackRoutes } from './routes/callback.routes';
export { catalogueRoutes } from './routes/catalogue.routes';
export { collectionRoutes } from './routes/collection.routes';
export { consoleRoutes, invitationUrl } from './routes/console.routes';
export { exportRoutes } from './routes/export.routes';
export { operatorRoutes } from './routes/operator.routes';
export { payoutRoutes, payoutSandboxRoutes } from './routes/payout.routes';
export { payoutBatchRoutes } from './routes/payout-batch.routes';
export { refundRoutes, refundSandboxRoutes } from './routes/refund.routes';
export { paymentLinkRoutes } from './routes/payment-link.routes';
export { pageLinkRoutes } from './routes/page-link.routes';
export { sandboxRoutes } from './routes/sandbox.routes';
