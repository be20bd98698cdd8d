/** The current time; injected so background work and expiry can be tested with a controlled clock. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
