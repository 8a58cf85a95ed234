/**
 * Challenge mode: a hidden fault, found from command output alone (the graph shows only what
 * kubectl shows, no timeline, no Why?), named after one wrong guess, then the score and Why?.
 */
import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './fixtures';
import { parseClock, pause, region } from './helpers';

test('a challenge: kubectl-only until solved, a wrong guess counts, the right one scores, then Why?', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/?challenge=1');
  const panel = region(page, 'Challenge');
  await expect(panel).toContainText('Challenge 1: something is wrong', { timeout: 15_000 });
  await expect(page.getByRole('group', { name: 'node node1', exact: true })).toBeVisible({ timeout: 30_000 });
  // The engine has started (a loaded machine takes a while): Play can act.
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeEnabled({ timeout: 60_000 });

  // Only what kubectl shows: no host processes on the cards, no timeline, no Why?, no scenario commands.
  await expect(page.getByRole('button', { name: /^kubelet on / })).toHaveCount(0);
  await expect(page.getByRole('slider', { name: 'Timeline', exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Why?', exact: true })).toHaveCount(0);
  await expectNoA11yViolations(page, { include: ['.challenge-panel', '.terminal'] });

  // Play until kubectl says a node is NotReady (the fault is hidden between 30s and 90s; 50s grace).
  const nodes = region(page, 'kubectl get nodes');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(nodes).toContainText(/node\d\s+NotReady/, { timeout: 60_000 });
  await pause(page);
  const broken = /(node\d)\s+NotReady/.exec((await nodes.textContent()) ?? '')?.[1] as string;
  await expect(page.getByRole('group', { name: `node ${broken}`, exact: true })).toContainText('NotReady');

  // A wrong guess is counted, and the page says the cluster does not have that fault.
  await panel.getByRole('radio', { name: 'A node is powered off' }).check();
  await panel.getByRole('button', { name: 'Check answer', exact: true }).click();
  await expect(panel.getByRole('alert')).toContainText('Not that');
  await expect(panel.getByTestId('challenge-wrong')).toHaveText('1');

  // Diagnose as an administrator would: the terminal lists only the learner's commands.
  const command = page.getByRole('textbox', { name: 'Command', exact: true });
  await command.fill(`ssh ${broken} systemctl status kubelet`);
  await command.press('Enter');
  const mine = page.getByRole('log', { name: 'Your commands' });
  await expect(mine).toContainText('Active: inactive (dead)');
  await expect(mine).not.toContainText('systemctl stop kubelet');
  await expect(panel.getByTestId('challenge-commands')).toHaveText('1');

  await panel.getByRole('radio', { name: 'The kubelet stopped on a node' }).check();
  await panel.getByRole('button', { name: 'Check answer', exact: true }).click();

  const score = region(page, 'Score');
  await expect(score).toContainText('Solved: you named the fault.');
  await expect(score).toContainText(`The kubelet stopped on a node (${broken}, at`);
  // 100, less 15 for the wrong guess and 1 a simulated minute past the first 3 after the fault (one command).
  const after = parseClock((await score.getByTestId('challenge-after').textContent()) ?? '');
  // NotReady comes 40-55 s after the kubelet stops: the grace (50 s) runs from the last lease
  // renewal, which was up to 10 s before the stop, and the controller looks every 5 s.
  expect(after).toBeGreaterThanOrEqual(40_000);
  const minutes = Math.floor(after / 60_000);
  await expect(score.getByTestId('challenge-points')).toHaveText(String(100 - 15 - Math.max(0, minutes - 3)));
  // Solved: the Why? chain, the timeline and host truth are back; the fault's machine is selected.
  await expect(page.getByRole('region', { name: 'Why?', exact: true })).toContainText(broken);
  await expect(page.getByRole('slider', { name: 'Timeline', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `kubelet on ${broken}`, exact: true })).toBeVisible();
});
