import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The Markdown links of a document that are not to the web: `[text](target)`. */
function localLinks(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target));
}

describe('the README', () => {
  it('shows the integration example exactly as our suite runs it (tests/e2e/integration-example.spec.ts)', () => {
    const example = read('tests/e2e/integration-example.spec.ts').split('\n').slice(1).join('\n').trimEnd();
    expect(read('README.md')).toContain(`\`\`\`ts\n${example}\n\`\`\``);
  });

  it.each(['README.md', 'docs/api-overview.md'])(
    '%s links only to files inside the repository and to headings that exist',
    (document) => {
      const markdown = read(document);
      const base = new URL(document, root);
      const headings = new Set([...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1]!)));
      const broken = localLinks(markdown).filter((target) => {
        const [path, anchor] = target.split('#') as [string, string | undefined];
        if (!path) return !headings.has(anchor!);
        const file = new URL(path, base);
        return !file.href.startsWith(root.href) || !existsSync(file);
      });
      expect(localLinks(markdown).length).toBeGreaterThan(document === 'README.md' ? 20 : 0);
      expect(broken).toEqual([]);
    },
  );
});
