import { fileURLToPath } from 'node:url';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import architecture from '../../eslint-rules/index.mjs';

RuleTester.describe = describe;
RuleTester.it = it;

const root = '/project/server';
const options = [
  {
    root,
    floors: [
      ['errors', 'clock'],
      ['db'],
      ['rails'],
      ['methods', 'merchants'],
      ['payins'],
      ['http'],
      ['runtime'],
    ],
  },
];
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const at = (file: string) => `${root}/${file}`;

describe('the server floors rule', () => {
  tester.run('server-floors', architecture.rules['server-floors'], {
    valid: [
      // Down the floors, through the module's index or a one-file module.
      { filename: at('payins/payin.service.ts'), code: "import { ADAPTERS } from '../methods';", options },
      { filename: at('payins/payin.service.ts'), code: "import type { Db } from '../db/index';", options },
      { filename: at('payins/payin.service.ts'), code: "import { systemClock } from '../clock';", options },
      {
        filename: at('http/routes/payin.routes.ts'),
        code: "import { PayinService } from '../../payins';",
        options,
      },
      { filename: at('runtime.ts'), code: "import { createApiApp } from '@/server/http';", options },
      // Inside one module anything goes; outside server/ the rule has nothing to say.
      {
        filename: at('methods/adapters/qrth.adapter.ts'),
        code: "import { x } from '../support/derived';",
        options,
      },
      { filename: at('payins/payin.ts'), code: "import { METHODS } from '@/lib/methods';", options },
      {
        filename: '/project/lib/methods/index.ts',
        code: "import { x } from '../../server/payins';",
        options,
      },
    ],
    invalid: [
      {
        filename: at('methods/port.ts'),
        code: "import type { Payin } from '../payins';",
        options,
        errors: [{ messageId: 'upward' }],
      },
      {
        // Same floor is no lower floor.
        filename: at('methods/port.ts'),
        code: "import type { Merchant } from '../merchants';",
        options,
        errors: [{ messageId: 'upward' }],
      },
      {
        filename: at('rails/banks.ts'),
        code: "export { PayinService } from '@/server/payins';",
        options,
        errors: [{ messageId: 'upward' }],
      },
      {
        filename: at('payins/payin.service.ts'),
        code: "import { requireAdapter } from '../methods/registry';",
        options,
        errors: [{ messageId: 'deep' }],
      },
      {
        filename: at('http/app.ts'),
        code: "const loaded = import('../payins/payin.repository');",
        options,
        errors: [{ messageId: 'deep' }],
      },
      {
        filename: at('payins/payin.service.ts'),
        code: "import { x } from '../somewhere-new';",
        options,
        errors: [{ messageId: 'unknown' }],
      },
    ],
  });
});

describe('the import circle rule', () => {
  const root = fileURLToPath(new URL('../fixtures/lint/cycle', import.meta.url));
  const lint = async (directories: string[]) => {
    const eslint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser },
          plugins: { architecture },
          rules: { 'architecture/no-import-cycle': ['error', { root, directories }] },
        },
      ],
    });
    const results = await eslint.lintFiles(['*.ts']);
    return results.flatMap((result) => result.messages.map((message) => message.message));
  };

  it('names a circle of two files, when one side imports only a type and the other only a type too', async () => {
    const messages = await lint(['.']);
    expect(messages).toEqual([
      'Import circle: first.ts → second.ts → first.ts. Move what both need below them, or turn one import around.',
      'Import circle: second.ts → first.ts → second.ts. Move what both need below them, or turn one import around.',
    ]);
  });

  it('says nothing of files outside the directories it reads', async () => {
    expect(await lint(['elsewhere'])).toEqual([]);
  });
});
