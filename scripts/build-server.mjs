// Compiles the custom server (server/main.ts and everything it imports from server/ and lib/) into
// dist/server/main.js. Packages stay external: node_modules is resolved at run time, as for Next.
import { build } from 'esbuild';

const emptyServerOnly = {
  name: 'server-only',
  setup(pluginBuild) {
    // `server-only` guards Next bundles; in this plain Node bundle everything is server code.
    pluginBuild.onResolve({ filter: /^server-only$/ }, () => ({ path: 'server-only', namespace: 'empty' }));
    pluginBuild.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: 'export {}', loader: 'js' }));
  },
};

await build({
  entryPoints: ['server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  plugins: [emptyServerOnly],
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
