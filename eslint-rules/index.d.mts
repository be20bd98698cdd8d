import type { Rule } from 'eslint';

/** The project's own lint rules (eslint-rules/index.mjs). */
declare const architecture: { rules: Record<'server-floors' | 'no-import-cycle', Rule.RuleModule> };
export default architecture;
