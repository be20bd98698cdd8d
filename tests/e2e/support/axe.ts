import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe-core on the current screen (WCAG 2.x A and AA rules): no violations allowed. */
export async function expectAccessible(page: Page): Promise<void> {
  // Next streams a dynamic page's metadata after its body: right after a navigation the <title>
  // may not be in the document yet (axe once caught "document-title" there). Judge the page as
  // it settles, with its title.
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}
