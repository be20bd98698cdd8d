// The floors of server/ (docs/decisions/029-floors-and-method-descriptors.md): a module imports only
// modules on lower floors, and another module only through its index.ts. Type imports count: a
// type that runs up a floor ties the modules as firmly as a value does.
import path from 'node:path';
import { onImports } from './imports.mjs';

/** @param {string} file @param {string} root @returns {string | undefined} */
function moduleOf(file, root) {
  const relative = path.relative(root, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [first, ...rest] = relative.split(path.sep);
  if (!first) return undefined;
  return rest.length === 0 ? first.replace(/\.(?:ts|tsx|mts)$/, '') : first;
}

/** Whether the import names the module itself (its folder, its index.ts, or a one-file module). */
function isModuleEntry(target, root, module) {
  const relative = path.relative(root, target).split(path.sep).join('/');
  return (
    relative === module ||
    relative === `${module}/index` ||
    relative === `${module}/index.ts` ||
    relative === `${module}.ts`
  );
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: {
      description: 'server/ modules import only lower floors, and other modules only through index.ts',
    },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          floors: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
        },
        required: ['root', 'floors'],
        additionalProperties: false,
      },
    ],
    messages: {
      upward:
        '{{from}} (floor {{fromFloor}}) may not import {{to}} (floor {{toFloor}}): imports run down the floors of server/ (docs/decisions/029).',
      deep: 'Import {{to}} through its index.ts ({{entry}}), not {{specifier}}: a module shows only what its index exports.',
      unknown:
        'server/{{module}} is on no floor: add it to the floors in eslint.config.mjs (docs/decisions/029).',
    },
  },
  create(context) {
    const { root, floors } = context.options[0];
    const floorOf = new Map(floors.flatMap((modules, index) => modules.map((module) => [module, index + 1])));
    const filename = context.filename;
    const from = moduleOf(filename, root);
    if (from === undefined) return {};

    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      let target;
      if (specifier.startsWith('.')) target = path.resolve(path.dirname(filename), specifier);
      else if (specifier.startsWith('@/server/') || specifier === '@/server')
        target = path.join(path.dirname(root), specifier.slice(2));
      else return;
      const to = moduleOf(target, root);
      if (to === undefined || to === from) return;
      const fromFloor = floorOf.get(from);
      const toFloor = floorOf.get(to);
      if (fromFloor === undefined || toFloor === undefined) {
        context.report({ node, messageId: 'unknown', data: { module: fromFloor === undefined ? from : to } });
        return;
      }
      if (toFloor >= fromFloor)
        context.report({
          node,
          messageId: 'upward',
          data: { from, to, fromFloor: String(fromFloor), toFloor: String(toFloor) },
        });
      else if (!isModuleEntry(target, root, to))
        context.report({ node, messageId: 'deep', data: { to, specifier, entry: `server/${to}` } });
    };

    return onImports(check);
  },
};

export default rule;
