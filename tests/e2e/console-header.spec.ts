import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signIn } from './support/console';

// Issue 25: on a phone the console's header keeps to a corner of the screen, the sections one row.
test.use({ viewport: { width: 360, height: 740 } });

/** The section links' boxes, measured in the page. */
function navLinks(page: Page) {
  return page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((link) => {
        const box = link.getBoundingClientRect();
        return {
          text: link.textContent,
          top: (link as HTMLElement).offsetTop,
          left: box.left,
          right: box.right,
        };
      }),
    );
}

test('on a phone the header is short, the sections one row with the current one in view', async ({
  page,
}) => {
  await signIn(page, 'e2e-shop', '/console/audit');
  await expect(page).toHaveURL(/\/console\/audit$/);
  const current = page.getByRole('link', { name: 'Audit log' });
  await expect(current).toHaveAttribute('aria-current', 'page');

  const banner = page.getByRole('banner');
  const height = (await banner.boundingBox())!.height;
  expect(height, 'header height at 360×740').toBeLessThanOrEqual(180);

  // Brand, merchant name and mode on one line: each centred within the brand's line.
  const brand = (await banner.locator('.console-brand').boundingBox())!;
  for (const part of [banner.getByText('Bangkok Books'), page.getByTestId('console-mode')]) {
    const box = (await part.boundingBox())!;
    expect(box.y + box.height / 2).toBeGreaterThan(brand.y);
    expect(box.y + box.height / 2).toBeLessThan(brand.y + brand.height);
  }
  // Who is signed in, the code: still there whole for assistive technology, and on screen.
  await expect(page.getByTestId('console-person')).toHaveText(/^Ana Lima · Owner$/);
  await expect(page.getByTestId('console-person')).toBeVisible();
  await expect(page.getByTestId('console-merchant')).toContainText('e2e-shop');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByLabel('Language')).toBeVisible();

  // One row of sections: every link at the same height; the row scrolls, the page does not.
  const links = await navLinks(page);
  expect(links.length).toBeGreaterThan(8);
  expect(new Set(links.map((link) => link.top)).size, JSON.stringify(links)).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The current section, far down the list, was scrolled into view once the page loaded.
  await expect
    .poll(async () => {
      const box = (await current.boundingBox())!;
      return box.x >= 0 && box.x + box.width <= 360;
    })
    .toBe(true);
  // Without moving the page.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await expectAccessible(page);

  // Another section far along: the Team page brings its own link into view.
  await page.goto('/console/team');
  const team = page.getByRole('link', { name: 'Team' });
  await expect(team).toHaveAttribute('aria-current', 'page');
  await expect
    .poll(async () => {
      const box = (await team.boundingBox())!;
      return box.x >= 0 && box.x + box.width <= 360;
    })
    .toBe(true);
  await expectAccessible(page);
});

test('on a desktop the header shows everything: merchant, code, person, every section', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'e2e-shop', '/console/audit');
  await expect(page).toHaveURL(/\/console\/audit$/);
  const banner = page.getByRole('banner');
  for (const part of [
    banner.getByText('Merchant console'),
    banner.getByText('Bangkok Books'),
    page.getByTestId('console-mode'),
    banner.getByText('e2e-shop'),
    page.getByTestId('console-person'),
    page.getByLabel('Language'),
    page.getByRole('button', { name: 'Sign out' }),
  ])
    await expect(part).toBeVisible();
  await expect(page.getByTestId('console-person')).toHaveText('Ana Lima · Owner');
  // Every section on screen, none cut off (the row may wrap on a desktop, it does not scroll).
  const links = await navLinks(page);
  expect(links.length).toBeGreaterThan(8);
  for (const link of links) {
    expect(link.left, link.text).toBeGreaterThanOrEqual(0);
    expect(link.right, link.text).toBeLessThanOrEqual(1280);
  }
  await expect(page.getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);
});
