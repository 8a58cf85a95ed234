/**
 * Export for a real cluster (issue 12): the menu's three zips download, with the run's commands.
 */

import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';

async function ready(page: Page) {
  await expect(page.getByRole('group', { name: 'node node2', exact: true })).toBeVisible({ timeout: 15_000 });
}

test('Export for a real cluster: kind, Chaos Mesh and Litmus zips of the run', async ({ page }) => {
  await page.goto('/?scenario=eviction');
  await ready(page);
  const input = page.getByRole('textbox', { name: 'Command', exact: true });
  await input.fill('kubectl delete pod db-1 --force');
  await input.press('Enter');

  const menuButton = page.getByRole('button', { name: 'Export', exact: true });
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  for (const [item, file, expected] of [
    ['kind cluster and script (.zip)', 'eviction-kind/run.sh', 'kubectl delete pod db-1 --force'],
    ['Chaos Mesh resources (.zip)', 'eviction-chaos-mesh/README.md', 'Chaos Mesh'],
    ['Litmus ChaosEngines (.zip)', 'eviction-litmus/README.md', 'Litmus'],
  ] as const) {
    await menuButton.click();
    await expect(page.getByRole('menu', { name: 'Export' })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: item }).click();
    const zip = await download;
    expect(zip.suggestedFilename()).toMatch(/^eviction-(kind|chaos-mesh|litmus)\.zip$/);
    const files = unzipSync(readFileSync(await zip.path()));
    expect(strFromU8(files[file] as Uint8Array)).toContain(expected);
    // The menu closes after a choice.
    await expect(page.getByRole('menu', { name: 'Export' })).toHaveCount(0);
  }
});
