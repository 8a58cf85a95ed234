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

test('an export of a run opened from a link says so and leaves out what the simulation refused', async ({
  page,
  context,
}) => {
  await page.goto('/?scenario=eviction');
  await ready(page);
  const input = page.getByRole('textbox', { name: 'Command', exact: true });
  // A command on a machine the scenario does not have: refused by the simulation, kept in the link.
  await input.fill('ssh my-prod-postgres poweroff');
  await input.press('Enter');
  await expect.poll(() => decodeURIComponent(page.url())).toContain('#s=');
  await expect.poll(() => page.url(), { timeout: 15_000 }).not.toBe('');
  // Our own run: the export downloads with nothing to review.
  const exportKind = async (p: Page) => {
    await p.getByRole('button', { name: 'Export', exact: true }).click();
    const download = p.waitForEvent('download');
    await p.getByRole('menuitem', { name: 'kind cluster and script (.zip)' }).click();
    return unzipSync(readFileSync(await (await download).path()));
  };
  await exportKind(page);
  await expect(page.getByRole('alert').filter({ hasText: 'review it before' })).toHaveCount(0);

  // The same run opened from its link, as a stranger would send it.
  const other = await context.newPage();
  await other.goto(page.url());
  await ready(other);
  const files = await exportKind(other);
  await expect(other.getByRole('alert').filter({ hasText: 'came from a link' })).toBeVisible();
  const run = strFromU8(files['eviction-kind/run.sh'] as Uint8Array);
  expect(run).toContain('ssh: Could not resolve hostname my-prod-postgres');
  expect(run).not.toMatch(/docker \w+ my-prod/);
  expect(run).not.toMatch(/node_docker \w+ my-prod/);
});
