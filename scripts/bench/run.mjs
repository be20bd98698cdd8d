// npm run bench: builds the TypeScript benchmarks with esbuild (as the server is built) and runs each
// in its own process. Results are printed and written to bench-results/<name>.json. Targets are ratios
// against a baseline measured in the same run, never absolute timings.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { bundleForNode } from '../esbuild-node.mjs';

const only = process.argv.slice(2);
const supports = readdirSync('scripts/bench').filter((file) => file.endsWith('.bench-support.ts'));
const benches = readdirSync('scripts/bench')
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.startsWith(name)));

mkdirSync('.cache/bench', { recursive: true });
mkdirSync('bench-results', { recursive: true });
const bundle = (file) =>
  bundleForNode(`scripts/bench/${file}`, `.cache/bench/${file.replace(/\.ts$/, '.mjs')}`);
for (const file of supports) await bundle(file);
let failed = false;
for (const file of benches) {
  const outfile = `.cache/bench/${file.replace(/\.ts$/, '.mjs')}`;
  await bundle(file);
  console.log(`\n=== ${file}`);
  const result = spawnSync(process.execPath, ['--expose-gc', outfile], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
