import 'server-only';
import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * The one structured logger. Known secret-bearing paths are redacted as a second line of defence:
 * the code never logs request bodies, tokens or secrets in the first place.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: undefined,
    redact: {
      paths: [
        'secret',
        '*.secret',
        'token',
        '*.token',
        'authorization',
        '*.authorization',
        'callbackSecret',
        '*.callbackSecret',
        'previousCallbackSecret',
        '*.previousCallbackSecret',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger };
