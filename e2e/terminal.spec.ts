/**
 * Commands that go on running (issue 9 point 2): `kubectl drain` waits for its pods in the
 * terminal, prints each eviction as it happens, and Ctrl+C or Stop ends it, as in a shell.
 */
import { expect, test } from '@playwright/test';
import { region, scrubTo } from './helpers';

test('a drain on a node whose kubelet is down keeps running; Ctrl+C stops it', async ({ page }) => {
  await page.goto('/?scenario=eviction');
  await expect(page.getByRole('timer', { name: 'Simulation time' })).toHaveText('0s', { timeout: 15_000 });
  await page.keyboard.press('Escape');
  await scrubTo(page, 40_000);
  const input = page.getByRole('textbox', { name: 'Command' });
  await input.fill('kubectl drain node2 --ignore-daemonsets --delete-emptydir-data');
  await input.press('Enter');
  const terminal = region(page, 'Terminal');
  await expect(terminal.getByText('node/node2 cordoned')).toBeVisible();
  const running = terminal.getByRole('status').filter({ hasText: 'running…' });
  await expect(running).toBeVisible();
  await expect(terminal.getByRole('button', { name: /^Stop kubectl drain node2 .*\(Ctrl\+C\)$/ })).toBeVisible();
  // Ctrl+C in the prompt (nothing selected) sends ^C.
  await input.focus();
  await input.press('Control+c');
  await expect(running).toHaveCount(0);
  await expect(terminal.getByText('^C', { exact: true })).toBeVisible();
});

test('a drain that can finish prints each pod evicted, then drained', async ({ page }) => {
  await page.goto('/?scenario=eviction');
  await expect(page.getByRole('timer', { name: 'Simulation time' })).toHaveText('0s', { timeout: 15_000 });
  await page.keyboard.press('Escape');
  const input = page.getByRole('textbox', { name: 'Command' });
  await input.fill('kubectl drain node3 --ignore-daemonsets --delete-emptydir-data');
  await input.press('Enter');
  const terminal = region(page, 'Terminal');
  await expect(terminal.getByRole('status').filter({ hasText: 'running…' })).toBeVisible();
  await scrubTo(page, 120_000);
  await expect(terminal.getByText(/node\/node3 drained/)).toBeVisible();
  await expect(terminal.getByRole('status').filter({ hasText: 'running…' })).toHaveCount(0);
});
