import { describe, expect, it } from 'vitest';
import { compareLockfiles, isExactInstall } from '../../scripts/lockfile-diff.mjs';

const next = { version: '16.4.6', integrity: 'sha512-next', license: 'MIT' };
const linuxSwc = {
  version: '16.4.6',
  integrity: 'sha512-linux',
  optional: true,
  os: ['linux'],
  cpu: ['x64'],
};
const darwinSwc = {
  version: '16.4.6',
  integrity: 'sha512-darwin',
  optional: true,
  os: ['darwin'],
  cpu: ['arm64'],
};
const committed = {
  packages: {
    '': { name: 'payin-gateway' },
    'node_modules/next': next,
    'node_modules/@next/swc-linux-x64-gnu': linuxSwc,
  },
};

describe('compareLockfiles', () => {
  it("accepts an install that only added this platform's optional binaries", () => {
    const onMac = {
      packages: { ...committed.packages, 'node_modules/@next/swc-darwin-arm64': darwinSwc },
    };
    const diff = compareLockfiles(committed, onMac);
    expect(diff).toEqual({
      changed: [],
      removed: [],
      added: [],
      addedPlatformBinaries: ['node_modules/@next/swc-darwin-arm64'],
    });
    expect(isExactInstall(diff)).toBe(true);
  });

  it('refuses an install that moved, dropped or added anything else', () => {
    const moved = {
      packages: {
        '': { name: 'payin-gateway', version: '0.2.0' },
        'node_modules/next': { ...next, version: '16.5.0', integrity: 'sha512-other' },
        'node_modules/left-pad': { version: '1.3.0', integrity: 'sha512-pad' },
      },
    };
    const diff = compareLockfiles(committed, moved);
    expect(diff.changed).toEqual(['node_modules/next']);
    expect(diff.removed).toEqual(['node_modules/@next/swc-linux-x64-gnu']);
    expect(diff.added).toEqual(['node_modules/left-pad']);
    expect(isExactInstall(diff)).toBe(false);
    // A platform-looking package that is not optional is not a platform binary.
    const required = {
      packages: { ...committed.packages, 'node_modules/x': { ...darwinSwc, optional: undefined } },
    };
    expect(compareLockfiles(committed, required).added).toEqual(['node_modules/x']);
  });
});
