import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

async function violationsOf(page: Page): Promise<string[]> {
  // Next streams a dynamic page's metadata after its body: right after a navigation the <title>
  // may not be in the document yet. Judge the page as it settles, with its title.
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** axe-core on the current screen (WCAG 2.x A and AA rules): no violations allowed. */
export async function expectAccessible(page: Page): Promise<void> {
  let summary = await violationsOf(page);
  // A soft navigation of the page itself (a form kept in the URL by router.replace) can re-stream
  // the metadata while axe runs, and axe catches the moment without a title: the whole page is
  // judged again once it has its title back, and must then pass every rule.
  if (summary.some((violation) => violation.startsWith('document-title:')))
    summary = await violationsOf(page);
  expect(summary).toEqual([]);
}
