/**
 * Nothing a user types, opens or leaves running can hang, crash or lose their run: reloads keep
 * it, the last run is offered and never overwritten by an empty start, a hung worker is noticed,
 * imports that the engine refuses are not called imported, the strict CSP holds, and a YAML
 * timeline gives the same trace hash in the browser as in the CLI.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { decodeLink, encodeLink } from '../src/share/link';
import { BUILTIN_SCENARIOS } from '../src/sim/scenario/builtins';
import { clock, region, savedRun, scrubTo } from './helpers';

const traceHash = (page: import('@playwright/test').Page) =>
  page.getByTestId('trace-hash').getAttribute('data-trace-hash');

test('two commands at 2m, F5: the same run; a new visit offers it and restores it, never replaced by the empty start', async ({
  page,
}) => {
  // Four page loads: on a loaded machine (load 23 on 2 cores) 30 s is not enough for them.
  test.setTimeout(90_000);
  await page.goto('/?scenario=eviction');
  await expect(region(page, 'kubectl get nodes')).toContainText('node2', { timeout: 15_000 });
  await scrubTo(page, 120_000);
  const input = page.getByRole('textbox', { name: 'Command', exact: true });
  await input.fill('kubectl cordon node1');
  await input.press('Enter');
  await input.fill('kubectl cordon node3');
  await input.press('Enter');
  await expect(region(page, 'kubectl get nodes')).toContainText(/node3\s+Ready,SchedulingDisabled/);
  const hash = await traceHash(page);
  // The address follows the run a moment later (its link encoder loads on demand): a reload before
  // it holds the second command would replay one command only (a CI run read another trace hash).
  await expect
    .poll(async () => {
      const r = decodeLink(await page.evaluate(() => location.hash), { builtins: BUILTIN_SCENARIOS });
      return r.ok ? r.run.commands.map((c) => c.line) : [];
    })
    .toEqual(expect.arrayContaining(['kubectl cordon node1', 'kubectl cordon node3']));
  await page.reload();
  await expect(page.getByRole('timer', { name: 'Simulation time' })).toHaveText('2m', { timeout: 15_000 });
  await expect(region(page, 'kubectl get nodes')).toContainText(/node1\s+Ready,SchedulingDisabled/);
  await expect.poll(() => traceHash(page)).toBe(hash);

  // A new visit without the link: the default scenario, the last run offered, and still there
  // after the empty start has settled.
  await page.goto('/');
  await expect(page.getByRole('timer', { name: 'Simulation time' })).toHaveText('0s', { timeout: 15_000 });
  const restore = page.getByRole('button', { name: 'Restore last run', exact: true });
  await expect(restore).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(2500);
  await page.goto('/');
  await expect(restore).toBeVisible({ timeout: 15_000 });
  await restore.click();
  await expect(page.getByRole('timer', { name: 'Simulation time' })).toHaveText('2m', { timeout: 15_000 });
  await expect(region(page, 'kubectl get nodes')).toContainText(/node3\s+Ready,SchedulingDisabled/);
});

test('a link hours into a big cluster replays with progress, and is not taken for a hung worker', async ({ page }) => {
  test.setTimeout(120_000);
  const nodes = ['{name: cp, roles: [control-plane]}'];
  for (let i = 1; i <= 60; i++) nodes.push(`{name: w${i}, zone: z${i % 3}}`);
  const scenario = [
    'apiVersion: notready/v1',
    'kind: Scenario',
    'metadata: {name: big, title: Big cluster}',
    'spec:',
    `  nodes: [${nodes.join(', ')}]`,
    '  objects:',
    '    - {apiVersion: apps/v1, kind: Deployment, metadata: {name: web}, spec: {replicas: 600, template: {spec: {containers: [{name: c, image: "nginx:1.27"}]}}}}',
    '  timeline:',
    '    - {at: 1m, run: "ssh w1 poweroff"}',
    '  duration: 4h',
  ].join('\n');
  const enc = encodeLink({ v: 2, engine: '0.1.0', scenario: { inline: scenario }, commands: [], t: 3 * 3_600_000 });
  if (!enc.ok) throw new Error(enc.error);
  await page.goto(`/?scenario=eviction${enc.hash}`);
  await expect(page.getByRole('timer', { name: 'Simulation time' })).toHaveText('3h', { timeout: 90_000 });
  // 61 machines: the graph is the overview (more than 50), its table counts every one.
  await expect(page.getByRole('img', { name: /^Overview of 61 machines/ })).toBeAttached();
  await expect(page.getByRole('table', { name: /^Zones: 61 machines/ })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'stopped answering' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeEnabled();
});

test("two tabs keep their own last run: tab A opened again without its link restores A's run, not the run B saved after it", async ({
  context,
}) => {
  test.setTimeout(120_000);
  const a = await context.newPage();
  const b = await context.newPage();
  const cordon = async (page: import('@playwright/test').Page, node: string) => {
    await page.goto('/?scenario=eviction');
    await expect(region(page, 'kubectl get nodes')).toContainText('node2', { timeout: 15_000 });
    const input = page.getByRole('textbox', { name: 'Command', exact: true });
    await input.fill(`kubectl cordon ${node}`);
    await input.press('Enter');
    await expect(region(page, 'kubectl get nodes')).toContainText(new RegExp(`${node}\\s+Ready,SchedulingDisabled`));
    // Saved as this tab's last run (the address follows the run at once while paused).
    await expect.poll(() => savedRun(page), { timeout: 15_000 }).toMatch(/^#s=/);
  };
  await cordon(a, 'node1');
  await cordon(b, 'node3');
  // A new tab has no run of its own: it is offered the run saved last, B's (and keeps it as its own).
  const c = await context.newPage();
  await c.goto('/');
  const offered = c.getByRole('button', { name: 'Restore last run', exact: true });
  await expect(offered).toBeVisible({ timeout: 30_000 });
  await offered.click({ timeout: 30_000 });
  await expect(region(c, 'kubectl get nodes')).toContainText(/node3\s+Ready,SchedulingDisabled/, { timeout: 30_000 });
  // Tab A, opened again without its link (same tab: same session storage), is offered its own run,
  // though B's and C's were saved after it.
  await a.goto('/');
  const restore = a.getByRole('button', { name: 'Restore last run', exact: true });
  await expect(restore).toBeVisible({ timeout: 30_000 });
  await restore.click({ timeout: 30_000 });
  await expect(region(a, 'kubectl get nodes')).toContainText(/node1\s+Ready,SchedulingDisabled/, { timeout: 30_000 });
  await expect(region(a, 'kubectl get nodes')).not.toContainText(/node3\s+Ready,SchedulingDisabled/);
});

test('an unreadable saved run is named as such, not silently dropped', async ({ page }) => {
  await page.goto('/?scenario=eviction');
  await page.evaluate(() => localStorage.setItem('notready:last-run', '#s=2.this-is-not-a-run'));
  await page.goto('/');
  await expect(page.getByText(/Your last run could not be read/)).toBeVisible({ timeout: 15_000 });
});

test('a worker that stops answering is noticed, stopped, and restarted from the last moment on request', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/?scenario=eviction&e2e=1');
  await expect(region(page, 'kubectl get nodes')).toContainText('node2', { timeout: 15_000 });
  await scrubTo(page, 90_000);
  await page.evaluate(() => window.__notreadyTest?.hangWorker());
  const alert = page.getByRole('alert').filter({ hasText: 'stopped answering' });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeDisabled();
  await alert.getByRole('button', { name: 'Restart from 1m30s', exact: true }).click();
  await expect(page.getByRole('timer', { name: 'Simulation time' })).toHaveText('1m30s', { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeEnabled();
  await expect(region(page, 'kubectl get nodes')).toContainText(/node2\s+NotReady/);
});

test('a scenario the engine refuses is not called imported; the run before it keeps going', async ({ page }) => {
  await page.goto('/?scenario=eviction');
  await expect(region(page, 'kubectl get nodes')).toContainText('node2', { timeout: 15_000 });
  const dir = mkdtempSync(join(tmpdir(), 'notready-'));
  const file = join(dir, 'too-many.yaml');
  writeFileSync(
    file,
    [
      'apiVersion: notready/v1',
      'kind: Scenario',
      'metadata: {name: too-many, title: Too many}',
      'spec:',
      '  nodes: [{name: cp, roles: [control-plane]}, {name: w1}]',
      '  objects:',
      '    - {apiVersion: apps/v1, kind: Deployment, metadata: {name: web}, spec: {replicas: 1000000000, template: {spec: {containers: [{name: c, image: nginx}]}}}}',
    ].join('\n'),
  );
  await page.getByTestId('import-file').setInputFiles(file);
  const refused = page.getByRole('alert').filter({ hasText: 'too-many.yaml cannot be imported' });
  await expect(refused).toBeVisible({ timeout: 15_000 });
  await expect(refused).toContainText('5,000');
  await expect(page.getByText('Imported too-many.yaml')).toHaveCount(0);
  await expect(region(page, 'kubectl get nodes')).toContainText('node2');
});

test('the strict Content-Security-Policy holds: no violation while the app runs', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  await page.goto('/?scenario=eviction');
  await expect(region(page, 'kubectl get nodes')).toContainText('node2', { timeout: 15_000 });
  await page.getByRole('slider', { name: 'Speed' }).fill('80');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForTimeout(1500);
  await page.getByRole('button', { name: 'Build a scenario', exact: true }).click();
  await page.keyboard.press('Escape');
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(csp).toContain("script-src 'self'");
  expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
});

/** The trace hash at 3m of a scenario (a built-in's name or a file), played by the CLI. */
const hashAt = (scenario: string) =>
  (
    JSON.parse(
      execFileSync('npx', ['tsx', 'src/cli/main.ts', scenario, '--until', '3m', '--json'], { encoding: 'utf8' }),
    ) as {
      traceHash: string;
    }
  ).traceHash;

async function expectBuiltinHashAsCli(page: import('@playwright/test').Page, name: string): Promise<void> {
  await page.goto(`/?scenario=${name}`);
  await expect(page.locator('.react-flow__node').first()).toBeVisible({ timeout: 15_000 });
  await scrubTo(page, 180_000);
  await expect.poll(() => traceHash(page)).toBe(hashAt(name));
}

// One test per built-in (each opened its own page in the loop they were before): both workers share them.
test.describe('the same trace hash in the browser as in the CLI', () => {
  test.describe.configure({ mode: 'parallel' });
  for (const name of ['eviction', 'docker-stop', 'node-delete'])
    test(`built-in ${name}: the same trace hash in the browser as in the CLI`, async ({ page }) => {
      await expectBuiltinHashAsCli(page, name);
    });

  test('built-in control-plane-outage, then a timeline that applies YAML imported over it: the same trace hash in the browser as in the CLI', async ({
    page,
  }) => {
    await expectBuiltinHashAsCli(page, 'control-plane-outage');
    // A timeline entry that applies a YAML manifest runs in the worker too (the parser loads for it).
    const dir = mkdtempSync(join(tmpdir(), 'notready-'));
    const file = join(dir, 'yaml-apply.yaml');
    writeFileSync(
      file,
      [
        'apiVersion: notready/v1',
        'kind: Scenario',
        'metadata: {name: yaml-apply, title: YAML apply}',
        'spec:',
        '  nodes: [{name: cp, roles: [control-plane]}, {name: w1}]',
        '  timeline:',
        '    - at: 20s',
        '      run: |',
        '        kubectl apply -f -',
        '        apiVersion: apps/v1',
        '        kind: Deployment',
        '        metadata:',
        '          name: api',
        '        spec:',
        '          replicas: 2',
        '          template:',
        '            spec:',
        '              containers:',
        '                - name: api',
        '                  image: nginx:1.27',
      ].join('\n'),
    );
    await page.getByTestId('import-file').setInputFiles(file);
    await expect(page.getByText('Imported yaml-apply.yaml')).toBeVisible({ timeout: 15_000 });
    await scrubTo(page, 180_000);
    await expect(region(page, 'kubectl get deploy,sts,ds')).toContainText(/deployment\.apps\/api\s+2\/2/);
    await expect.poll(() => traceHash(page)).toBe(hashAt(file));
  });
});

test('a long seek says where it is going, takes a new target on the way, and stops where it is on request', async ({
  page,
}) => {
  await page.goto('/?scenario=eviction&e2e=1');
  await expect(region(page, 'kubectl get nodes')).toContainText('node2', { timeout: 15_000 });
  // A big cluster replays seconds per simulated minute; here a pause per simulated second stands in.
  await page.evaluate(() => window.__notreadyTest?.slowSeeks());
  const slider = page.getByRole('slider', { name: 'Timeline', exact: true });
  const status = page.getByRole('status').filter({ hasText: 'Going to' });
  await slider.fill('480000');
  await expect(status).toContainText('Going to 8m… now at', { timeout: 10_000 });
  // Meanwhile the kubectl views still show the time before the seek, and say so.
  const nodes = region(page, 'kubectl get nodes');
  await expect(nodes).toHaveAttribute('aria-busy', 'true');
  await expect(nodes.getByRole('heading')).toContainText(/as of \d+m?\d*s?, until the seek lands/);
  // A new target while it runs: the seek under way goes there instead.
  await slider.fill('420000');
  await expect(status).toContainText('Going to 7m… now at', { timeout: 10_000 });
  const before = await clock(page);
  await page.getByRole('button', { name: 'Stop here', exact: true }).click();
  await expect(status).toHaveCount(0, { timeout: 10_000 });
  await expect(nodes).toHaveAttribute('aria-busy', 'false');
  await expect(nodes.getByRole('heading')).not.toContainText('as of');
  const stopped = await clock(page);
  expect(stopped).toBeGreaterThan(0);
  expect(stopped).toBeLessThan(420_000);
  expect(stopped).toBeGreaterThanOrEqual(before);
  // The run goes on from there: a seek a few seconds on lands, and the views follow.
  await slider.fill(String(stopped + 3000));
  await expect.poll(() => clock(page), { timeout: 15_000 }).toBe(stopped + 3000);
  await expect(status).toHaveCount(0);
  await expect(region(page, 'kubectl get nodes')).toContainText('node2');
});

test('kubectl get events -o yaml over thousands of Events (zone-down at 1m) shows in the terminal, with no crash or restart', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto('/?scenario=zone-down');
  const play = page.getByRole('button', { name: 'Play', exact: true });
  await expect(play).toBeEnabled({ timeout: 90_000 });
  await page.keyboard.press('Escape');
  // A 300-node cluster's seek takes a while on a busy machine: wait for the clock, not a time.
  await page.getByRole('slider', { name: 'Timeline', exact: true }).fill('60000');
  await expect.poll(() => clock(page), { timeout: 90_000 }).toBe(60_000);
  const input = page.getByRole('textbox', { name: 'Command', exact: true });
  await input.fill('kubectl get events -o yaml');
  await input.press('Enter');
  // Thousands of Events are over a hundred thousand lines of YAML (a spread of them into push
  // threw RangeError and the worker died): the terminal shows its head and counts the rest.
  const terminal = region(page, 'Terminal');
  const more = terminal.getByText(/… [\d,]+ more lines not shown here$/);
  await expect(more).toBeVisible({ timeout: 90_000 });
  const output = (await more.textContent()) ?? '';
  expect(output).toMatch(/^apiVersion: v1\nitems:\n- apiVersion: v1\n/);
  expect(output).toMatch(/^ {2}kind: Event$/m);
  expect(Number(/… ([\d,]+) more lines/.exec(output)?.[1]?.replaceAll(',', ''))).toBeGreaterThan(100_000);
  await expect(page.getByRole('alert').filter({ hasText: /stopped unexpectedly|stopped answering/ })).toHaveCount(0);
  await expect(play).toBeEnabled();
  await expect(page.getByRole('timer', { name: 'Simulation time' })).toHaveText('1m');
});
