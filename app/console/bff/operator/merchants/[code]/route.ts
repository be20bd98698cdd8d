import { merchantChangeRoute } from '@/bff/console/operator-api';

/** Changes a merchant's terms: the browser posts (consoleFetch), the API is sent a PATCH. */
export const POST = merchantChangeRoute('PATCH', '');
