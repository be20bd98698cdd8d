import { merchantChangeRoute } from '@/bff/console/operator-api';

/** Adds a collection account to a merchant. */
export const POST = merchantChangeRoute('POST', '/collection-accounts');
