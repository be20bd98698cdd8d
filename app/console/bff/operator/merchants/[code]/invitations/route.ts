import { merchantChangeRoute } from '@/bff/console/operator-api';

/** Invites a person (the merchant's first owner) to the merchant's console. */
export const POST = merchantChangeRoute('POST', '/invitations');
