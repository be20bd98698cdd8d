import { consoleFetch, ConsoleRequestError } from '../console-fetch';

/**
 * A change the operator section asks its BFF for (`/console/bff/operator/...`, JSON in and out):
 * a sign-in that ended (or a key replaced since) sends the operator to sign in again, then back here.
 */
export async function operatorPost<T>(url: `/console/bff/operator/${string}`, body: unknown): Promise<T> {
  try {
    return await consoleFetch<T>(url, { method: 'POST', body });
  } catch (error) {
    if (
      error instanceof ConsoleRequestError &&
      error.status === 401 &&
      error.problem?.code === 'OPERATOR_SIGNED_OUT'
    ) {
      const next = `${window.location.pathname}${window.location.search}`;
      // A full navigation: the sign-in page is a server form outside the signed-in layout.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign(
        `/console/operator/sign-in?${new URLSearchParams({ e: 'expired', next }).toString()}`,
      );
    }
    throw error;
  }
}
