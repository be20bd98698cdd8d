// Compiles the custom server (server/main.ts and what it imports from server/ and lib/) into
// dist/server/main.js. Packages stay external: node_modules is resolved at run time, as for Next.
import { bundleForNode } from './esbuild-node.mjs';

await bundleForNode('server/main.ts', 'dist/server/main.js', { sourcemap: true });
