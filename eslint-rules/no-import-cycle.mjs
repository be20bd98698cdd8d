// No import circle, type imports included (docs/decisions/029). import/no-cycle ignores `import type`,
// but a type that runs both ways ties two files as firmly as a value: neither can be read, tested or
// moved without the other. The graph is read once per lint run from the files themselves.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { onImports } from './imports.mjs';

const SOURCE = /\.(?:ts|tsx|mts)$/;
const SKIPPED = new Set([
  'node_modules',
  '.next',
  'dist',
  'data',
  '.cache',
  'test-results',
  'playwright-report',
]);
const SPECIFIER =
  /(?:^|[;\s])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Comments out of the way, so an example in a comment is no import (strings are kept). */
function withoutComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

function sourceFiles(directory, files = []) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.name.startsWith('.') && entry.name !== '.') continue;
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) sourceFiles(full, files);
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

/** The file an import names, if it is one of ours: relative, or under the `@/` alias of `root`. */
function resolve(from, specifier, root) {
  let base;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else if (specifier.startsWith('@/')) base = path.join(root, specifier.slice(2));
  else return undefined;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}.mts`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function importsOf(file, text, root) {
  const targets = new Set();
  for (const match of withoutComments(text).matchAll(SPECIFIER)) {
    const target = resolve(file, match[1] ?? match[2], root);
    if (target) targets.add(target);
  }
  return targets;
}

/** Strongly connected components (Tarjan): files that reach each other share a component id. */
function components(graph) {
  const index = new Map();
  const low = new Map();
  const component = new Map();
  const stack = [];
  const onStack = new Set();
  let counter = 0;
  const visit = (start) => {
    // Iterative, so a deep chain of imports cannot overflow the stack.
    const work = [{ node: start, edges: [...(graph.get(start) ?? [])], next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame.next < frame.edges.length) {
        const target = frame.edges[frame.next++];
        if (!graph.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edges: [...(graph.get(target) ?? [])], next: 0 });
        } else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node), index.get(target)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        let member;
        const members = [];
        do {
          member = stack.pop();
          onStack.delete(member);
          members.push(member);
        } while (member !== frame.node);
        for (const node of members) component.set(node, members.length > 1 ? frame.node : undefined);
      }
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return component;
}

/** The shortest way back from `from` to `to` through the graph: the circle to name in the message. */
function pathBack(graph, from, to) {
  const previous = new Map([[from, undefined]]);
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === to) break;
    for (const next of graph.get(node) ?? []) {
      if (previous.has(next)) continue;
      previous.set(next, node);
      queue.push(next);
    }
  }
  const route = [];
  for (let node = to; node !== undefined; node = previous.get(node)) route.unshift(node);
  return route;
}

const cache = new Map();

function projectGraph(root, directories) {
  const key = `${root}|${directories.join(',')}`;
  let entry = cache.get(key);
  if (!entry) {
    const graph = new Map();
    for (const directory of directories) {
      const full = path.resolve(root, directory);
      if (!existsSync(full)) continue;
      const files = statSync(full).isFile() ? [full] : sourceFiles(full);
      for (const file of files) graph.set(file, importsOf(file, readFileSync(file, 'utf8'), root));
    }
    entry = { graph, components: components(graph) };
    cache.set(key, entry);
  }
  return entry;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'no import circle between our files, type imports included' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          directories: { type: 'array', items: { type: 'string' } },
        },
        required: ['root', 'directories'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle: 'Import circle: {{route}}. Move what both need below them, or turn one import around.',
    },
  },
  create(context) {
    const { root, directories } = context.options[0];
    const { graph, components: componentOf } = projectGraph(root, directories);
    const file = context.filename;
    const component = componentOf.get(file);
    if (component === undefined) return {};
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const target = resolve(file, specifier, root);
      if (!target || componentOf.get(target) !== component) return;
      const route = [file, ...pathBack(graph, target, file)]
        .map((member) => path.relative(root, member))
        .join(' → ');
      context.report({ node, messageId: 'cycle', data: { route } });
    };
    return onImports(check);
  },
};

export default rule;
