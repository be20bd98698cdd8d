import { merchantChangeRoute } from '@/bff/console/operator-api';

/** Replaces a collection account: the browser posts (consoleFetch), the API is sent a PUT. */
export const POST = merchantChangeRoute('PUT', '/collection-accounts/:id');
