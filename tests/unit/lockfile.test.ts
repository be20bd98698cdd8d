import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  optionalDependencies?: Record<string, string>;
}

const lockfile = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/** Where Node (and npm ci) would find `name` from the package at `path`: its own folder, then each parent's. */
function resolves(path: string, name: string): boolean {
  let base = path;
  for (;;) {
    if (`${base ? `${base}/` : ''}node_modules/${name}` in lockfile.packages) return true;
    const cut = base.lastIndexOf('/node_modules/');
    if (base === '') return false;
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

describe('package-lock.json', () => {
  // `npm ci` refuses a lockfile that lacks any platform's optional binary ("Missing: @swc/core-darwin-arm64
  // from lock file"), on Linux too. A lockfile rewritten by an install that pruned them fails here first.
  // Mend it with `npm install --package-lock-only` on a machine that reaches the registry.
  it("holds every platform's optional binaries, so plain npm ci installs on Linux, macOS and Windows", () => {
    const missing = Object.entries(lockfile.packages).flatMap(([path, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !resolves(path, name))
        .map((name) => `${name} (optional dependency of ${path || 'the project'})`),
    );
    expect(missing).toEqual([]);
  });
});
