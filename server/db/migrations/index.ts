import type { Migration } from 'kysely';
import * as initial from './0001-initial';
import * as sandbox from './0002-sandbox';
import * as callbacks from './0003-callbacks';
import * as hardening from './0004-hardening';
import * as sandboxPayments from './0005-sandbox-payments';
import * as callbackInspection from './0007-callback-inspection';

/**
 * Every migration, in order. Imported statically so the bundled server carries them; names sort
 * lexically, which is the order Kysely applies them in.
 */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-sandbox': sandbox,
  '0003-callbacks': callbacks,
  '0004-hardening': hardening,
  '0005-sandbox-payments': sandboxPayments,
  // 0006 is another branch's.
  '0007-callback-inspection': callbackInspection,
};
