import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './fixtures';

test('the production build loads and renders the app shell', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  await page.goto('/');

  await expect(page).toHaveTitle(/NotReady/);
  await expect(page.getByRole('heading', { level: 1, name: /NotReady/ })).toBeVisible();
  await expectNoA11yViolations(page);
  expect(errors, 'no page errors or console errors').toEqual([]);
});
