/** Where the simulated institution may send a customer back to: a payment page of this site only. */
export function safeReturnPath(value: string | undefined): string | undefined {
  return value !== undefined && /^\/pay\/[A-Za-z0-9_-]+\/[A-Za-z0-9._:~-]+(\?[^#]*)?$/.test(value)
    ? value
    : undefined;
}
