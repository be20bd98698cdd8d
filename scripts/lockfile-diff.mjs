// What an `npm install` changed in package-lock.json, judged for an exact install: every package
// the lockfile held must stay exactly as it was (version, integrity, resolved), and a package may
// only be added when it is an optional, platform-specific binary (it declares `os` or `cpu`), the
// kind a lockfile written on another platform can lack (npm/cli#9846). Pure: used by
// install-locked.mjs and its unit test.

/** @param {Record<string, unknown>} entry */
function identity(entry) {
  return JSON.stringify({ version: entry.version, integrity: entry.integrity, resolved: entry.resolved });
}

/** @param {Record<string, unknown>} entry */
function isPlatformBinary(entry) {
  return (
    (entry.optional === true || entry.devOptional === true || entry.peer === true) &&
    (Array.isArray(entry.os) || Array.isArray(entry.cpu) || Array.isArray(entry.libc))
  );
}

/**
 * @param {{ packages?: Record<string, Record<string, unknown>> }} before the committed lockfile
 * @param {{ packages?: Record<string, Record<string, unknown>> }} after the lockfile npm install wrote
 * @returns {{ changed: string[], removed: string[], added: string[], addedPlatformBinaries: string[] }}
 */
export function compareLockfiles(before, after) {
  const old = before.packages ?? {};
  const now = after.packages ?? {};
  const changed = [];
  const removed = [];
  const added = [];
  const addedPlatformBinaries = [];
  for (const [path, entry] of Object.entries(old)) {
    if (path === '') continue; // the project itself
    if (!(path in now)) removed.push(path);
    else if (identity(entry) !== identity(now[path])) changed.push(path);
  }
  for (const [path, entry] of Object.entries(now)) {
    if (path in old) continue;
    (isPlatformBinary(entry) ? addedPlatformBinaries : added).push(path);
  }
  return { changed, removed, added, addedPlatformBinaries };
}

/** Whether the install was exact: nothing but platform binaries added. */
export function isExactInstall(diff) {
  return diff.changed.length === 0 && diff.removed.length === 0 && diff.added.length === 0;
}
