// The places a module names another: import and export-from declarations, and import() with a literal.

/** ESLint visitors calling `check(node, specifier)` for every module a file names. */
export function onImports(check) {
  return {
    ImportDeclaration: (node) => check(node, node.source.value),
    ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
    ExportAllDeclaration: (node) => check(node, node.source.value),
    ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
  };
}
