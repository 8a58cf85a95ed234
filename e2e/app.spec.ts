import { expect, type Page, test } from '@playwright/test';
import { expectNoA11yViolations } from './fixtures';
import { pause, scrubTo } from './helpers';

/** `5m50s` -> 350000 */
function parseClock(text: string): number {
  let ms = 0;
  for (const m of text.matchAll(/(\d+)(h|m|s)/g))
    ms += Number(m[1]) * { h: 3_600_000, m: 60_000, s: 1000 }[m[2] as 'h' | 'm' | 's'];
  return text.trim().startsWith('-') ? -ms : ms;
}

async function clock(page: Page): Promise<number> {
  return parseClock((await page.getByRole('timer', { name: 'Simulation time' }).textContent()) ?? '');
}

async function runFast(page: Page) {
  await page.getByRole('slider', { name: 'Speed' }).fill('80');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
}

test('break the kubelet on node2, watch NotReady, recover, and scrub back', async ({ page }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');

  const node2 = page.getByRole('group', { name: 'node node2', exact: true });
  await expect(node2).toBeVisible({ timeout: 15_000 });
  const nodes = page.getByRole('region', { name: 'kubectl get nodes', exact: true });
  await expect(nodes).toContainText(/node2\s+Ready/, { timeout: 15_000 });

  // Break it from the graph: the click issues one command, and the terminal shows it.
  await page.getByRole('button', { name: 'kubelet on node2', exact: true }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Stop kubelet', exact: true }).click();
  await expect(page.getByRole('log', { name: 'Terminal' })).toContainText('ssh node2 systemctl stop kubelet');

  await runFast(page);
  await expect(nodes).toContainText(/node2\s+NotReady/, { timeout: 30_000 });
  await pause(page);
  // At 80x a pause can land minutes later on a busy machine (the scenario starts the kubelet
  // again at 9m): look at 2m, when node2 is NotReady whenever the pause landed.
  await scrubTo(page, 120_000);
  await expect(nodes).toContainText(/node2\s+NotReady/);
  await expect(page.getByRole('region', { name: 'kubectl describe node node2', exact: true })).toContainText(
    'Unknown',
    {
      timeout: 10_000,
    },
  );

  // Start it again: the node comes back Ready.
  await page.getByRole('button', { name: 'kubelet on node2', exact: true }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Start kubelet', exact: true }).click();
  await runFast(page);
  await expect(nodes).toContainText(/node2\s+Ready/, { timeout: 30_000 });
  await pause(page);

  // A typed command runs and prints its output.
  const input = page.getByRole('textbox', { name: 'Command', exact: true });
  await input.fill('kubectl get nodes');
  await input.press('Enter');
  await expect(page.getByRole('log', { name: 'Terminal' })).toContainText(/\$ kubectl get nodes[\s\S]*NAME\s+STATUS/);

  // Paused: the clock stands still. Step: it moves forward.
  const before = await clock(page);
  await page.waitForTimeout(700);
  expect(await clock(page)).toBe(before);
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await expect.poll(() => clock(page)).toBeGreaterThan(before);

  // Scrubbing back shows the earlier state again (NotReady), exactly as it was: at 1m40s, after
  // NotReady (40-55 s after the stop at 0s) and before the kubelet was started at 2m.
  const t = 100_000;
  await page.getByRole('slider', { name: 'Timeline', exact: true }).fill(String(t));
  await expect.poll(() => clock(page)).toBe(t);
  await expect(nodes).toContainText(/node2\s+NotReady/, { timeout: 10_000 });

  await expectNoA11yViolations(page);
  expect(errors).toEqual([]);
});

test('the shortcuts overlay opens with ? and closes with Escape', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('group', { name: 'node node2', exact: true })).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
