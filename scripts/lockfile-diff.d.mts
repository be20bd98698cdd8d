export interface LockfileDiff {
  changed: string[];
  removed: string[];
  added: string[];
  addedPlatformBinaries: string[];
}
type Lockfile = { packages?: Record<string, Record<string, unknown>> };
export function compareLockfiles(before: Lockfile, after: Lockfile): LockfileDiff;
export function isExactInstall(diff: LockfileDiff): boolean;
