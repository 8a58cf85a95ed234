/**
 * Faults driven as a learner would (issue 3, item 7): a stopped runtime, a deleted Node object,
 * acting in the past, "Why?" for an evicted pod, and a crashed engine worker that comes back with
 * nothing lost. Time moves with the Timeline slider, Step, or Play at high speed: no fixed sleeps.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoA11yViolations } from './fixtures';
import { pause } from './helpers';

const VIEWS = ['kubectl get nodes', 'kubectl get pods -o wide', 'kubectl get deploy,sts,ds'];

/**
 * The eviction scenario's cluster (seed 1: control-plane, node1..node3 with a Deployment, a
 * StatefulSet and a DaemonSet) without its timeline and lesson: nothing breaks unless we break it.
 */
function quietScenarioFile(): string {
  const text = readFileSync('public/scenarios/eviction.yaml', 'utf8');
  const cut = text.indexOf('\n  timeline:');
  expect(cut).toBeGreaterThan(0);
  const yaml = text
    .slice(0, cut + 1)
    .replace('name: eviction', 'name: quiet-cluster')
    .replace(/title: .*/, 'title: A quiet cluster');
  const path = join(tmpdir(), 'quiet-cluster.yaml');
  writeFileSync(path, yaml);
  return path;
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const clockText = async (page: Page) =>
  (await page.getByRole('timer', { name: 'Simulation time' }).textContent())?.trim() ?? '';

/** Opens the app and imports the quiet cluster (the hidden file input behind `Import scenario`). */
async function openQuietCluster(page: Page, query = ''): Promise<void> {
  await page.goto(`/${query}`);
  await expect(page.getByRole('group', { name: 'node node2', exact: true })).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('import-file').setInputFiles(quietScenarioFile());
  await expect(page.getByRole('status').filter({ hasText: 'Imported quiet-cluster.yaml' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(region(page, 'Lesson')).toHaveCount(0);
  await expect(page.getByRole('timer', { name: 'Simulation time' })).toHaveText('0s');
  await expect(region(page, 'kubectl get nodes')).toContainText(/node2\s+Ready/, { timeout: 15_000 });
}

/** Runs a command typed in the terminal. */
async function type(page: Page, line: string): Promise<void> {
  const input = page.getByRole('textbox', { name: 'Command', exact: true });
  await input.fill(line);
  await input.press('Enter');
  await expect(input).toHaveValue('');
}

/** Moves the clock with the Timeline slider (a seek: forward runs the engine, back restores). */
async function scrubTo(page: Page, ms: number, shown: string): Promise<void> {
  await page.getByRole('slider', { name: 'Timeline', exact: true }).fill(String(ms));
  await expect(page.getByRole('timer', { name: 'Simulation time' })).toHaveText(shown, { timeout: 15_000 });
}

/** Step to the next change until the clock shows another second (a change may be 100 ms away). */
async function stepUntilClockMoves(page: Page): Promise<void> {
  const from = await clockText(page);
  await expect(async () => {
    await page.getByRole('button', { name: 'Step', exact: true }).click();
    expect(await clockText(page)).not.toBe(from);
  }).toPass({ timeout: 10_000, intervals: [100, 200, 300] });
}

async function playFast(page: Page): Promise<void> {
  await page.getByRole('slider', { name: 'Speed' }).fill('90');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
}

/** A menu item of the open action menu. */
function menuItem(page: Page, label: string) {
  return page.getByRole('menu').getByRole('menuitem', { name: label, exact: true });
}

/**
 * `kubectl describe node node1` without the ▶ "just changed" gutter: it marks what changed since
 * the view last drew, which depends on when the page drew it, not on the run.
 */
async function describeNode1(page: Page): Promise<string> {
  return ((await region(page, 'kubectl describe node node1').locator('pre').textContent()) ?? '').replace(/▶/g, ' ');
}

/** The text of the fixed kubectl views, without the ▶ "just changed" gutter. */
async function views(page: Page): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const v of VIEWS)
    out[v] = ((await region(page, v).locator('pre').textContent()) ?? '').replace(/▶/g, ' ').trim();
  return out;
}

test('a stopped container runtime: Ready False, KubeletNotReady, "container runtime is down"', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openQuietCluster(page);

  await page.getByRole('button', { name: 'containerd on node2', exact: true }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(menuItem(page, 'Start containerd')).toHaveAttribute('aria-disabled', 'true');
  await expectNoA11yViolations(page, { include: ['[role="menu"]'] });
  await menuItem(page, 'Stop containerd').click();
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page.getByRole('log', { name: 'Terminal' })).toContainText('ssh node2 systemctl stop containerd');
  // The host truth changes at once: the card says containerd is stopped.
  await expect(page.getByRole('group', { name: 'node node2', exact: true })).toContainText(/containerd\s*stopped/);

  // A minute later (the kubelet checks the runtime every few seconds and posts the status).
  await scrubTo(page, 60_000, '1m');
  await expect(region(page, 'kubectl get nodes')).toContainText(/node2\s+NotReady/);
  // Not Unknown: the kubelet is alive and says why the node is not ready. (After 3m the PLEG
  // message joins it in brackets, hence the optional `[`.)
  const describe = region(page, 'kubectl describe node node2');
  await expect(describe).toContainText(/Ready\s+False\s.*KubeletNotReady\s+\[?container runtime is down/);
  await expect(describe).not.toContainText(/Ready\s+Unknown/);
  expect(errors).toEqual([]);
});

test('deleting the Node object: node2 leaves get nodes, its pods are replaced, the host keeps running', async ({
  page,
}) => {
  await openQuietCluster(page);
  const pods = region(page, 'kubectl get pods -o wide');
  await expect(pods).toContainText(/\snode2\s/);

  // Node-level actions are on the card's title (the machine), opened here with the keyboard.
  await page.getByRole('button', { name: 'node2 machine', exact: true }).focus();
  await page.keyboard.press('Enter');
  const item = menuItem(page, 'Delete Node object');
  await expect(item).toBeVisible();
  await expect(menuItem(page, 'Power on')).toHaveAttribute('aria-disabled', 'true');
  await expectNoA11yViolations(page, { include: ['[role="menu"]'] });
  await item.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('log', { name: 'Terminal' })).toContainText('kubectl delete node node2');

  await expect(region(page, 'kubectl get nodes')).not.toContainText('node2', { timeout: 10_000 });
  await expect(region(page, 'kubectl get nodes')).toContainText('node3');

  // About a minute later PodGC has force-deleted node2's pods and the controllers replaced them.
  await scrubTo(page, 90_000, '1m30s');
  await expect(pods).not.toContainText(/\snode2\s/, { timeout: 10_000 });
  await expect(pods).toContainText(/db-1\s+1\/1\s+Running\s.*\snode[13]\s/);
  await expect(region(page, 'kubectl get deploy,sts,ds')).toContainText(/deployment\.apps\/web\s+3\/3/);

  // The machine does not know: its kubelet still runs, with no Node object (a zombie host).
  const card = page.getByRole('group', { name: 'node node2', exact: true });
  await expect(card).toContainText('no Node object in the API');
  await expect(card).not.toContainText(/kubelet\s*stopped/);
  await page.getByRole('button', { name: 'kubelet on node2', exact: true }).click();
  await expect(menuItem(page, 'Start kubelet')).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('menu')).toContainText('kubelet is already running');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page.getByRole('region', { name: /journalctl -u kubelet on node2/ })).toContainText(
    'Error updating node status, will retry',
  );
  // The same host seen through `systemctl status kubelet`: the unit runs; its last lines are the errors.
  await page.getByRole('button', { name: 'systemctl status kubelet on node2', exact: true }).click();
  const status = page.getByRole('region', { name: 'systemctl status kubelet on node2', exact: true });
  await expect(status).toContainText('kubelet.service - kubelet: The Kubernetes Node Agent');
  await expect(status).toContainText('Active: active (running)');
  await expect(status).toContainText('Error updating node status, will retry');
});

test('acting in the past forks a new future: the later command is dropped, its effect gone', async ({ page }) => {
  await openQuietCluster(page);
  const nodes = region(page, 'kubectl get nodes');

  await scrubTo(page, 60_000, '1m');
  await type(page, 'kubectl cordon node1');
  await expect(nodes).toContainText(/node1\s+Ready,SchedulingDisabled/);
  await stepUntilClockMoves(page);

  // Back before the cordon: the earlier state shows again...
  await scrubTo(page, 30_000, '30s');
  await expect(nodes).not.toContainText('SchedulingDisabled');
  // ...and acting here drops the old future.
  await type(page, 'kubectl cordon node3');
  const terminal = page.getByRole('log', { name: 'Terminal' });
  await expect(terminal).toContainText(
    'Forked a new future at 30s: 1 later command was dropped: kubectl cordon node1 (at 1m).',
  );
  await expect(nodes).toContainText(/node3\s+Ready,SchedulingDisabled/);

  // Past the old command's time: node1 stays schedulable in this future.
  await scrubTo(page, 90_000, '1m30s');
  await expect(nodes).toContainText(/node3\s+Ready,SchedulingDisabled/);
  await expect(nodes).toContainText(/node1\s+Ready\s/);
  await expect(nodes).not.toContainText(/node1\s+Ready,SchedulingDisabled/);
  // The run has the new command at 30s and no trace of the dropped one.
  await expect(terminal).toContainText(/\[30s\]\s*\$ kubectl cordon node3/);
  await expect(terminal.locator('.term-cmd', { hasText: 'kubectl cordon node1' })).toHaveCount(0);
});

test('Why? for an evicted pod: the chain back to the command that stopped the kubelet', async ({ page }) => {
  await openQuietCluster(page);
  await page.getByRole('button', { name: 'kubelet on node2', exact: true }).click();
  await menuItem(page, 'Stop kubelet').click();
  await expect(page.getByRole('log', { name: 'Terminal' })).toContainText('ssh node2 systemctl stop kubelet');

  // Past the 50s grace period and the 300s toleration: TaintManagerEviction at about 5m54s.
  await playFast(page);
  const pods = region(page, 'kubectl get pods -o wide');
  await expect(pods).toContainText(/\sTerminating\s.*\snode2\s/, { timeout: 30_000 });
  await pause(page);

  const row = ((await pods.locator('pre').textContent()) ?? '')
    .split('\n')
    .find((l) => /\sTerminating\s/.test(l) && /\snode2\s/.test(l));
  const name = row?.replace(/^[▶\s]+/, '').split(/\s+/)[0] ?? '';
  expect(name).not.toBe('');

  // Clicking a pod selects it (Why?, describe pod) and opens its menu.
  await page.getByRole('button', { name: `pod ${name}`, exact: true }).click();
  await expect(menuItem(page, 'Force delete pod')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);

  const why = region(page, 'Why?');
  await expect(why).toContainText(`Why? Pod/default/${name}`, { timeout: 10_000 });
  const links = why.getByRole('listitem');
  await expect(links.filter({ hasText: 'taint-eviction-controller' })).toContainText(
    'tolerationSeconds 300 elapsed since taint unreachable:NoExecute',
  );
  await expect(links.filter({ hasText: 'taint-eviction-controller' })).toContainText('tolerationSeconds=300');
  await expect(links.filter({ hasText: 'no heartbeat for 50s' })).toContainText('node-lifecycle-controller');
  await expect(links.filter({ hasText: 'no heartbeat for 50s' })).toContainText('nodeMonitorGracePeriod=50s');
  await expect(links.last()).toContainText('ssh node2 systemctl stop kubelet');
  await expect(links.last().locator('code')).toHaveText('ssh node2 systemctl stop kubelet');
  await expect(region(page, `kubectl describe pod ${name}`)).toContainText('TaintManagerEviction');
  await expectNoA11yViolations(page);
});

test('a crashed engine worker: the app says so, restarts it, and nothing is lost', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/?scenario=eviction&e2e=1');
  await expect(region(page, 'kubectl get nodes')).toContainText(/node2\s+Ready/, { timeout: 15_000 });
  // Without ?e2e=1 there is no hook at all (checked on a second page below).
  expect(await page.evaluate(() => typeof window.__notreadyTest?.crashWorker)).toBe('function');

  // A run with history: a typed command, the scenario's own fault at 30s, a click, time moved.
  await type(page, 'kubectl scale deployment web --replicas 5');
  await scrubTo(page, 100_000, '1m40s');
  await expect(region(page, 'kubectl get nodes')).toContainText(/node2\s+NotReady/);
  await page.getByRole('button', { name: 'kubelet on node1', exact: true }).click();
  await menuItem(page, 'Restart kubelet').click();
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(region(page, 'kubectl describe node node1')).toBeVisible();
  await expect(page.getByRole('log', { name: 'Terminal' })).toContainText('ssh node1 systemctl restart kubelet');
  // The Step's clock reaches the page before its kubectl views when those are dear (a busy
  // machine): read the views once they are the Step's moment's, the moment the restart replays to.
  await expect.poll(() => page.evaluate(() => window.__notreadyTest?.textsCurrent())).toBe(true);

  const terminal = page.getByRole('log', { name: 'Terminal' });
  const before = {
    clock: await clockText(page),
    views: await views(page),
    describe: await describeNode1(page),
    run: await terminal.locator('.term-cmd').allTextContents(),
    hash: await page.getByTestId('trace-hash').getAttribute('data-trace-hash'),
    lesson: await region(page, 'Lesson').textContent(),
  };

  await page.evaluate(() => window.__notreadyTest?.crashWorker());
  const banner = page.getByRole('alert').filter({ hasText: 'The simulation stopped unexpectedly' });
  await expect(banner).toContainText('It was restarted from your scenario and commands; nothing was lost.');

  // The restarted worker says so in the terminal (its first snapshot has arrived)...
  await expect(terminal).toContainText(
    `Restarted after a crash at ${before.clock}: the scenario and 2 commands replayed.`,
    {
      timeout: 15_000,
    },
  );
  // ...and shows the same moment, the same views, terminal, run (trace hash) and lesson.
  await expect.poll(() => clockText(page)).toBe(before.clock);
  await expect.poll(() => views(page), { timeout: 10_000 }).toEqual(before.views);
  await expect.poll(() => describeNode1(page)).toBe(before.describe);
  // The run is the same, with one note more (the restart, at the moment it happened).
  const runNow = await terminal.locator('.term-cmd').allTextContents();
  expect(runNow).toEqual(before.run);
  await expect(page.getByTestId('trace-hash')).toHaveAttribute('data-trace-hash', before.hash ?? '');
  await expect(region(page, 'Lesson')).toHaveText(before.lesson ?? '');

  // And it keeps working: a command runs, Step moves the clock.
  await type(page, 'kubectl get nodes');
  await expect(terminal).toContainText(/\$ kubectl get nodes[\s\S]*NAME\s+STATUS[\s\S]*node2\s+NotReady/);
  await stepUntilClockMoves(page);
  await banner.getByRole('button', { name: 'Dismiss', exact: true }).click();
  await expect(banner).toHaveCount(0);
  expect(errors).toEqual([]);

  const plain = await page.context().newPage();
  await plain.goto('/?scenario=eviction');
  await expect(region(plain, 'kubectl get nodes')).toContainText('node2', { timeout: 15_000 });
  expect(await plain.evaluate(() => typeof window.__notreadyTest)).toBe('undefined');
});
