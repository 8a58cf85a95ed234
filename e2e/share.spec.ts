import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { decodeLink, encodeLink } from '../src/share/link';
import { BUILTIN_SCENARIOS } from '../src/sim/scenario/builtins';
import { expectNoA11yViolations } from './fixtures';
import { clock, pause, savedRun } from './helpers';

const VIEWS = ['kubectl get nodes', 'kubectl get pods -o wide', 'kubectl get deploy,sts,ds'];

async function ready(page: Page) {
  await expect(page.getByRole('group', { name: 'node node2', exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'kubectl get nodes', exact: true })).toContainText('node2', {
    timeout: 15_000,
  });
}

const clockText = (page: Page) => page.getByRole('timer', { name: 'Simulation time' }).textContent();
const traceHash = (page: Page) => page.getByTestId('trace-hash').getAttribute('data-trace-hash');

async function views(page: Page): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  // The ▶ gutter marks rows that just changed: a highlight, not part of what kubectl prints.
  for (const v of VIEWS)
    out[v] = ((await page.getByRole('region', { name: v, exact: true }).locator('pre').textContent()) ?? '')
      .replace(/▶/g, ' ')
      .trim();
  return out;
}

/** Waits until the page shows the same moment, trace hash and views as `expected`. */
async function expectSameRun(
  page: Page,
  expected: { clock: string | null; hash: string | null; views: Record<string, string> },
) {
  await expect.poll(() => clockText(page), { timeout: 15_000 }).toBe(expected.clock);
  await expect.poll(() => traceHash(page), { timeout: 15_000 }).toBe(expected.hash);
  await expect.poll(() => views(page), { timeout: 10_000 }).toEqual(expected.views);
}

test('a copied link opens the same run at the same moment: views and trace hash', async ({ page, context }) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/?scenario=eviction');
  await ready(page);
  const lesson = page.getByRole('region', { name: 'Lesson', exact: true });
  // Move time with the lesson's Skip ahead: to 30s (kubelet stops), then until node2 is NotReady.
  await lesson.getByRole('button', { name: 'Skip ahead', exact: true }).click();
  await expect(lesson).toContainText('Happened at 30s');
  await lesson.getByRole('button', { name: 'Next', exact: true }).click();
  await lesson.getByRole('button', { name: 'Skip ahead', exact: true }).click();
  await expect(page.getByRole('region', { name: 'kubectl get nodes', exact: true })).toContainText(/node2\s+NotReady/);
  // A command of our own, from the graph, and a selected node (the open view).
  await page.getByRole('button', { name: 'kubelet on node1', exact: true }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Stop kubelet', exact: true }).click();
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(page.getByRole('region', { name: 'kubectl describe node node1', exact: true })).toBeVisible();
  // The address follows the run: let the second Step's moment reach it before copying (a loaded
  // machine delivers it late, and the copied link would then be the moment before).
  await expect
    .poll(async () => {
      const before = page.url();
      await page.waitForTimeout(400);
      return before === page.url();
    })
    .toBe(true);

  await page.getByRole('button', { name: 'Copy link', exact: true }).click();
  await expect.poll(() => page.url()).toMatch(/#s=4\./);
  const link = page.url();
  expect(link.length).toBeLessThan(1000);
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  const expected = { clock: await clockText(page), hash: await traceHash(page), views: await views(page) };
  expect(expected.hash).toMatch(/^[0-9a-f]{8,}$/);

  const other = await context.newPage();
  await other.goto(link);
  await expectSameRun(other, expected);
  // Same open view (node1 selected) and same lesson step.
  await expect(other.getByRole('region', { name: 'kubectl describe node node1', exact: true })).toBeVisible();
  await expect(other.getByRole('region', { name: 'Lesson', exact: true })).toContainText('Step 2 of 8');
  await expectNoA11yViolations(other);
});

test('a damaged link says what is wrong, shows the default scenario, and offers the last run', async ({ page }) => {
  // Three page loads and an accessibility scan: 30 s ran out on a loaded machine.
  test.setTimeout(90_000);
  await page.goto('/?scenario=docker-stop');
  await expect(page.getByRole('group', { name: 'node knode', exact: true })).toBeVisible({ timeout: 15_000 });
  // Something to keep: a command (saved as the last run after a moment).
  await page.getByRole('textbox', { name: 'Command', exact: true }).fill('kubectl cordon knode');
  await page.getByRole('textbox', { name: 'Command', exact: true }).press('Enter');
  await expect(page.getByRole('region', { name: 'kubectl get nodes', exact: true })).toContainText(
    'SchedulingDisabled',
  );
  // Saved (debounced) as the last run, with the command in it.
  await expect
    .poll(
      async () => {
        const saved = await savedRun(page);
        const r = decodeLink(saved ?? '', { builtins: BUILTIN_SCENARIOS, maxChars: 400_000 });
        return r.ok ? r.run.commands.map((c) => c.line) : [];
      },
      { timeout: 10_000 },
    )
    .toContain('kubectl cordon knode');

  await page.goto('/#s=2.AAAA-not-a-real-link');
  const alert = page.getByRole('alert').filter({ hasText: 'This link cannot be opened' });
  await expect(alert).toContainText('damaged');
  await ready(page); // the default scenario (eviction: node2) instead
  await expect(page.getByRole('group', { name: 'node knode', exact: true })).toHaveCount(0);
  await expectNoA11yViolations(page);

  await alert.getByRole('button', { name: 'Restore last run', exact: true }).click();
  await expect(page.getByRole('group', { name: 'node knode', exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'kubectl get nodes', exact: true })).toContainText(
    'SchedulingDisabled',
  );
  await expect(page.getByRole('alert').filter({ hasText: 'This link cannot be opened' })).toHaveCount(0);

  // A link pasted into the address bar of an open page (hashchange) is read too: a newer format.
  await page.evaluate(() => {
    location.hash = '#s=9.abc';
  });
  await expect(page.getByRole('alert').filter({ hasText: 'This link cannot be opened' })).toContainText(
    'made by a newer NotReady (format 9)',
  );
});

test('export, re-import and the CLI: the same run', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/?scenario=eviction');
  await ready(page);
  const input = page.getByRole('textbox', { name: 'Command', exact: true });
  await input.fill('kubectl scale deployment web --replicas 5');
  await input.press('Enter');
  await page.getByRole('slider', { name: 'Timeline', exact: true }).fill('45000');
  await expect.poll(() => clockText(page)).toBe('45s');
  const expected = { clock: await clockText(page), hash: await traceHash(page), views: await views(page) };

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Scenario file (.yaml)' }).click();
  const file = await download;
  const dir = mkdtempSync(join(tmpdir(), 'notready-export-'));
  const path = join(dir, file.suggestedFilename());
  await file.saveAs(path);
  const yaml = readFileSync(path, 'utf8');
  expect(yaml).toContain('kind: Scenario');
  expect(yaml).toContain('kubectl scale deployment web --replicas=5');

  // The CLI accepts it.
  const out = execFileSync('npx', ['tsx', 'src/cli/main.ts', path, '--until', '2m'], { encoding: 'utf8' });
  expect(out).toBeDefined();

  // Re-import it (file picker), go to the same moment: the same views and trace hash.
  await page.getByTestId('import-file').setInputFiles(path);
  await expect(page.getByRole('status').filter({ hasText: `Imported ${file.suggestedFilename()}` })).toBeVisible();
  // The export keeps the lesson: a teacher's exported run still teaches.
  await expect(page.getByRole('region', { name: 'Lesson', exact: true })).toContainText('Step 1 of 8');
  await page.getByRole('slider', { name: 'Timeline', exact: true }).fill('45000');
  await expectSameRun(page, expected);

  // Pasted cluster output also imports, with what was left out said plainly (drag and drop).
  const manifests = join(dir, 'cluster.yaml');
  writeFileSync(
    manifests,
    [
      'apiVersion: v1',
      'kind: List',
      'items:',
      '- apiVersion: apps/v1',
      '  kind: Deployment',
      '  metadata: {name: api, namespace: default, uid: 1234, resourceVersion: "99"}',
      '  spec:',
      '    replicas: 2',
      '    selector: {matchLabels: {app: api}}',
      '    template: {metadata: {labels: {app: api}}, spec: {containers: [{name: api, image: "nginx:1.27"}]}}',
      '  status: {readyReplicas: 2}',
      '- apiVersion: v1',
      '  kind: ConfigMap',
      '  metadata: {name: settings}',
    ].join('\n'),
  );
  const data = await page.evaluateHandle(
    (text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'cluster.yaml', { type: 'application/yaml' }));
      return dt;
    },
    readFileSync(manifests, 'utf8'),
  );
  await page.dispatchEvent('body', 'dragenter', { dataTransfer: data });
  await page.dispatchEvent('body', 'drop', { dataTransfer: data });
  const note = page.getByRole('status').filter({ hasText: 'Imported cluster.yaml' });
  await expect(note).toContainText('ConfigMap');
  await expect(page.getByRole('region', { name: 'kubectl get deploy,sts,ds', exact: true })).toContainText('api', {
    timeout: 15_000,
  });
});

test('the scenario builder explains invalid choices at the field, then starts the cluster', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  await page.getByRole('button', { name: 'Build a scenario', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Scenario builder', exact: true });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('spinbutton', { name: 'Number of nodes', exact: true }).fill('3');
  const name3 = dialog.getByRole('textbox', { name: 'Name of node 3', exact: true });
  await name3.fill('node1');
  await expect(name3).toHaveAttribute('aria-invalid', 'true');
  await expect(name3).toHaveAccessibleDescription(/Node 2 is already called node1/);
  const grace = dialog.getByRole('textbox', { name: /Node monitor grace period/ });
  await grace.fill('soon');
  await expect(dialog).toContainText('Enter a duration such as 40s, 5m or 1m30s.');
  await expectNoA11yViolations(page, { include: ['dialog'] });
  await dialog.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(dialog).toBeVisible(); // refused: focus goes to the first field to fix
  await name3.fill('edge-1');
  await grace.fill('20s');
  await dialog.getByRole('combobox', { name: 'Profile', exact: true }).selectOption('v1.23-docker');
  await dialog.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('group', { name: 'node edge-1', exact: true })).toBeVisible({ timeout: 15_000 });
  const nodes = page.getByRole('region', { name: 'kubectl get nodes', exact: true });
  await expect(nodes).toContainText(/edge-1\s+Ready\s+<none>\s+\S+\s+v1\.23\.2/);
  await expect(page.getByRole('region', { name: 'Lesson', exact: true })).toHaveCount(0);
  // The built scenario travels inline in a link; without a clipboard the link is shown, selected.
  await page.evaluate(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }));
  await page.getByRole('button', { name: 'Copy link', exact: true }).click();
  await expect.poll(() => page.url()).toMatch(/#s=4\./);
  const field = page.getByRole('textbox', { name: 'Share link', exact: true });
  await expect(field).toHaveValue(page.url());
  await expect(field).toBeFocused();
});

test('a link whose scenario the engine refuses falls back to the default scenario', async ({ page }) => {
  const bad = JSON.stringify({
    apiVersion: 'notready/v1',
    kind: 'Scenario',
    metadata: { name: 'bad', title: 'Bad' },
    spec: { nodes: [{ name: 'Node_1', roles: ['control-plane'] }] },
  });
  const enc = encodeLink({ v: 2, engine: '0.1.0', scenario: { inline: bad }, commands: [], t: 0 });
  if (!enc.ok) throw new Error(enc.error);
  await page.goto(`/${enc.hash}`);
  const alert = page.getByRole('alert').filter({ hasText: 'This link cannot be opened' });
  await expect(alert).toContainText("The link's scenario cannot run: spec.nodes[0].name");
  await ready(page);
});

test('a link of 2,000,005 characters is refused at once with the default scenario and no false hang; pasted into an open page, the run there stays', async ({
  page,
}) => {
  // The browser itself takes long over a 2 MB address (tens of seconds on a loaded machine).
  test.setTimeout(240_000);
  const huge = `#s=4.${'A'.repeat(2_000_000)}`;
  expect(huge.length).toBe(2_000_005);
  await page.goto(`/${huge}`, { timeout: 120_000 });
  const alert = page.getByRole('alert').filter({ hasText: 'This link cannot be opened' });
  await expect(alert).toContainText('The link is too long (2,000,005 characters; the limit is 8,192).', {
    timeout: 60_000,
  });
  await expect(alert).toContainText('The default scenario is shown instead.');
  // The refused link leaves the address at once (every later read of it would copy 2 MB).
  await expect.poll(() => page.evaluate(() => location.hash.length)).toBe(0);
  await ready(page);
  await alert.getByRole('button', { name: 'Dismiss', exact: true }).click();
  // A command of one's own (the lesson then narrates without pausing), and the clock played past
  // the watchdog's 8 s: the worker is not taken for hung.
  const input = page.getByRole('textbox', { name: 'Command', exact: true });
  await input.fill('kubectl cordon node1');
  await input.press('Enter');
  const nodes = page.getByRole('region', { name: 'kubectl get nodes', exact: true });
  await expect(nodes).toContainText(/node1\s+Ready,SchedulingDisabled/);
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => clock(page), { timeout: 90_000 }).toBeGreaterThanOrEqual(150_000);
  await pause(page);
  await expect(page.getByRole('alert').filter({ hasText: 'stopped answering' })).toHaveCount(0);

  // The same link pasted into the address bar of this page (hashchange): refused, the run stays.
  await expect.poll(() => page.evaluate(() => location.hash), { timeout: 15_000 }).toMatch(/^#s=4\./);
  await page.evaluate((h) => {
    location.hash = h;
  }, huge);
  const kept = page.getByRole('alert').filter({ hasText: 'This link cannot be opened' });
  await expect(kept).toContainText('The link is too long (2,000,005 characters; the limit is 8,192).', {
    timeout: 60_000,
  });
  await expect(kept).toContainText('The run you had stays as it was.');
  await expect(nodes).toContainText(/node1\s+Ready,SchedulingDisabled/);
  // The address is the run's again (with its command), so a reload reopens it.
  await expect
    .poll(async () => {
      const r = decodeLink(await page.evaluate(() => location.hash), { builtins: BUILTIN_SCENARIOS });
      return r.ok ? r.run.commands.map((c) => c.line) : [];
    })
    .toContain('kubectl cordon node1');
});
