import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('the README', () => {
  it('shows the integration example exactly as our suite runs it (tests/e2e/integration-example.spec.ts)', () => {
    const example = read('tests/e2e/integration-example.spec.ts').split('\n').slice(1).join('\n').trimEnd();
    expect(read('README.md')).toContain(`\`\`\`ts\n${example}\n\`\`\``);
  });
});
