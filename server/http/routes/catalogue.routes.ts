import 'server-only';
import type { ApiRoute } from '../route';

/** GET /currencies and GET /payment-operators (the specification's code lists). */
export const catalogueRoutes: readonly ApiRoute[] = [];
