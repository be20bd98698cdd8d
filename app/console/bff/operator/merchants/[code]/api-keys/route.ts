import { merchantChangeRoute } from '@/bff/console/operator-api';

/** Issues an API key for a merchant (its secret is in this answer only). */
export const POST = merchantChangeRoute('POST', '/api-keys');
