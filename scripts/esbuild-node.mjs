// esbuild settings shared by the server bundle and the benchmarks: a Node 20 ESM bundle of our own
// code (server/, lib/, path aliases from tsconfig) with every package left external.
import { build } from 'esbuild';

const emptyServerOnly = {
  name: 'server-only',
  setup(pluginBuild) {
    // `server-only` guards Next bundles; in a plain Node bundle everything is server code.
    pluginBuild.onResolve({ filter: /^server-only$/ }, () => ({ path: 'server-only', namespace: 'empty' }));
    pluginBuild.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: 'export {}', loader: 'js' }));
  },
};

export function bundleForNode(entryPoint, outfile, options = {}) {
  return build({
    entryPoints: [entryPoint],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: 'tsconfig.json',
    plugins: [emptyServerOnly],
    logLevel: 'warning',
    // Some dependencies still call require(); give the ESM bundle one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    ...options,
  });
}
