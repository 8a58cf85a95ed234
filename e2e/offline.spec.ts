/**
 * Offline and installable (issue 12 point 4): the service worker precaches the app and the
 * built-in scenarios on the first visit; offline, a reload still opens and plays a scenario.
 */
import { expect, test } from '@playwright/test';
import { clock } from './helpers';

// The only file with a service worker (playwright.config.ts blocks it everywhere else).
test.use({ serviceWorkers: 'allow' });

test('loads once, goes offline, reloads and plays a scenario', async ({ page, context }) => {
  await page.goto('/?scenario=kubelet-stop-worker');
  const timer = page.getByRole('timer', { name: 'Simulation time' });
  await expect(timer).toHaveText('0s', { timeout: 15_000 });
  // The manifest makes it installable: name, icons, standalone display.
  const manifest = await page.evaluate(async () => {
    const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href;
    return href ? ((await (await fetch(href)).json()) as { name: string; display: string; icons: unknown[] }) : null;
  });
  expect(manifest).toMatchObject({ short_name: 'NotReady', display: 'standalone' });
  expect(manifest?.icons.length).toBeGreaterThanOrEqual(2);
  // The service worker is active and has cached the app and every built-in scenario.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const urls: string[] = [];
          for (const k of await caches.keys()) for (const r of await (await caches.open(k)).keys()) urls.push(r.url);
          return urls;
        }),
      { timeout: 30_000 },
    )
    .toEqual(
      expect.arrayContaining([
        expect.stringMatching(/scenarios\/eviction\.json/),
        expect.stringMatching(/index\.html/),
      ]),
    );

  await context.setOffline(true);
  await page.reload();
  await expect(timer).toHaveText('0s', { timeout: 15_000 });
  await expect(page.getByRole('group', { name: 'node knode' })).toBeVisible();
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => clock(page), { timeout: 15_000 }).toBeGreaterThan(5_000);
  // Another built-in, never opened online, opens offline too.
  await page.goto('/?scenario=eviction');
  await expect(timer).toHaveText('0s', { timeout: 15_000 });
  await expect(page.getByRole('group', { name: 'node node3' })).toBeVisible();
});
