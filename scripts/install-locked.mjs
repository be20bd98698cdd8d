// Installs exactly the dependency tree of package-lock.json, on Linux, macOS and Windows alike
// (plain Node, no shell). `npm ci` is the tool for that, but npm 11.16+ refuses a lockfile that
// lacks another platform's optional binaries (npm/cli#9846): a lockfile written where the registry
// served only Linux binaries has no @next/swc-darwin-arm64, so `npm ci` fails on a Mac. Then
// `npm install` installs the same tree plus the binaries this machine needs, and we check that it
// changed nothing else before putting the committed lockfile back.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compareLockfiles, isExactInstall } from './lockfile-diff.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const lockfile = `${root}package-lock.json`;
const npm = (args) =>
  spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  }).status;

if (npm(['ci', '--no-audit', '--no-fund']) === 0) process.exit(0);

console.error('npm ci refused the lockfile (npm/cli#9846); installing the locked tree with npm install');
const committed = readFileSync(lockfile, 'utf8');
if (npm(['install', '--no-audit', '--no-fund']) !== 0) process.exit(1);
const diff = compareLockfiles(JSON.parse(committed), JSON.parse(readFileSync(lockfile, 'utf8')));
// The committed lockfile stays as it was, whatever npm wrote.
writeFileSync(lockfile, committed);
if (!isExactInstall(diff)) {
  console.error('npm install did not install the locked tree:');
  for (const [kind, paths] of Object.entries(diff))
    if (kind !== 'addedPlatformBinaries' && paths.length > 0) console.error(`  ${kind}: ${paths.join(', ')}`);
  console.error('package-lock.json is out of date: run npm install and commit it.');
  process.exit(1);
}
if (diff.addedPlatformBinaries.length > 0) {
  console.error(
    `Installed this platform's binaries the lockfile lacks: ${diff.addedPlatformBinaries.join(', ')}`,
  );
}
