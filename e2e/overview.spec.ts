/**
 * The overview of a big cluster (issue 13 point 3): more than 50 machines are drawn on a canvas by
 * zone; its table (the accessible summary: per zone nodes Ready, NotReady, tainted, pods by state)
 * matches the engine at fixed times; a click on a tile, or a name typed in `Show node`, opens that
 * machine's card, and `Back to overview` returns.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { createSimulation, parseScenario, type Scenario, summarizeOverview } from '../src/sim/index';
import { layoutOverview } from '../src/ui/overview/layout';
import { expectNoA11yViolations } from './fixtures';
import { clock, region, savedRun, scrubTo } from './helpers';

const ZONES = ['zone-a', 'zone-b', 'zone-c'];

/** 90 machines in three zones, three pods each; zone-c's workers lose power at 1m. */
function bigScenarioFile(): unknown {
  const nodes: Scenario['spec']['nodes'] = [{ name: 'cp', roles: ['control-plane'], zone: 'zone-a' }];
  for (let i = 1; i < 90; i++) nodes.push({ name: `node${i}`, roles: [], zone: ZONES[(i - 1) % 3] as string });
  const failed = nodes.filter((n) => n.zone === 'zone-c').map((n) => n.name);
  return {
    apiVersion: 'notready/v1',
    kind: 'Scenario',
    metadata: { name: 'overview-e2e', title: '90 machines, zone-c powered off' },
    spec: {
      profile: 'v1.33',
      seed: 7,
      duration: '10m',
      nodes,
      objects: [
        {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'web', namespace: 'default' },
          spec: {
            replicas: 267,
            selector: { matchLabels: { app: 'web' } },
            template: {
              metadata: { labels: { app: 'web' } },
              spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] },
            },
          },
        },
      ],
      timeline: failed.map((n) => ({ at: '1m', run: `ssh ${n} poweroff` })),
    },
  };
}

/** Opens the app (`query`: more of its address) and imports the 90-machine scenario as a file; returns it parsed. */
async function importBigScenario(page: Page, query = ''): Promise<Scenario> {
  const text = JSON.stringify(bigScenarioFile());
  const parsed = parseScenario(text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const file = join(mkdtempSync(join(tmpdir(), 'overview-')), 'overview-e2e.json');
  writeFileSync(file, text);
  await page.goto(`/?scenario=eviction${query}`);
  await expect(page.getByRole('timer', { name: 'Simulation time' })).toHaveText('0s', { timeout: 15_000 });
  await page.getByTestId('import-file').setInputFiles(file);
  // Started (a big cluster is drawn while it boots, its clock before 0): the timeline runs to its 10m end.
  await expect(page.getByRole('slider', { name: 'Timeline', exact: true })).toHaveAttribute('max', '600000', {
    timeout: 30_000,
  });
  return parsed.scenario;
}

/** Rows of the table `Zones` as the page shows them. */
async function zoneRows(page: Page): Promise<string[][]> {
  return page
    .getByRole('table', { name: /^Zones:/ })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').trim())));
}

function expectedRows(s: Scenario, at: number): string[][] {
  const sim = createSimulation(s);
  sim.advanceTo(at);
  return summarizeOverview(sim.overview()).map((z) => [
    z.zone,
    z.zoneState ?? '—',
    String(z.nodes),
    String(z.ready),
    String(z.notReady + z.noNode),
    String(z.tainted),
    String(z.pods.ready),
    String(z.pods.notReady),
    String(z.pods.pending),
    String(z.pods.terminating),
    String(z.pods.finished),
  ]);
}

test.describe('overview of a big cluster', () => {
  test('the zones table matches the engine; a tile and Show node open a card; Back returns', async ({ page }) => {
    // Three seeks and an accessibility scan of a 90-machine cluster: minutes on a busy machine.
    test.setTimeout(90_000);
    const s = await importBigScenario(page);
    const canvas = page.getByRole('img', { name: /^Overview of 90 machines/ });
    await expect(canvas).toBeVisible({ timeout: 20_000 });
    // No card per node: the graph is the overview.
    await expect(page.getByRole('group', { name: 'node node1', exact: true })).toHaveCount(0);

    for (const at of [0, 150_000, 400_000]) {
      await scrubTo(page, at);
      await expect.poll(() => zoneRows(page), { timeout: 10_000 }).toEqual(expectedRows(s, at));
    }
    // At 6m40s zone-c's 29 workers (node3, node6 … node87) are NotReady and tainted: the table says so in words.
    const c = (await zoneRows(page)).find((r) => r[0] === 'zone-c');
    expect(Number(c?.[4])).toBe(29);
    expect(Number(c?.[5])).toBeGreaterThan(0);
    await expectNoA11yViolations(page, { include: ['.overview'] });

    // A click on the first tile of zone-b opens that machine's card.
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no canvas');
    const sim = createSimulation(s);
    const o = sim.overview();
    let maxPods = 1;
    for (let i = 0; i < o.names.length; i++)
      maxPods = Math.max(maxPods, (o.podStart[i + 1] ?? 0) - (o.podStart[i] ?? 0));
    const layout = layoutOverview(o.zone, o.zones.length, maxPods, box.width, box.height);
    const zb = layout.zones[1];
    if (!zb) throw new Error('no zone-b');
    const name = o.names[zb.first] ?? '';
    await canvas.click({ position: { x: zb.x + zb.tile * 0.4, y: zb.gridY + zb.tile * 0.4 } });
    await expect(page.getByRole('group', { name: `node ${name}`, exact: true })).toBeVisible({ timeout: 10_000 });
    await page.getByRole('button', { name: '← Back to overview' }).click();
    await expect(canvas).toBeVisible();

    // The keyboard's way: a name, then Show card; a wrong name says so.
    const field = page.getByRole('textbox', { name: 'Show node' });
    await field.fill('node999');
    await page.getByRole('button', { name: 'Show card' }).click();
    await expect(page.getByRole('alert')).toHaveText('No machine named node999 in this cluster.');
    await field.fill('node3');
    await page.getByRole('button', { name: 'Show card' }).click();
    const card = page.getByRole('group', { name: 'node node3', exact: true });
    await expect(card).toBeVisible({ timeout: 10_000 });
    await expect(card.getByText(/NotReady/).first()).toBeVisible();
  });
  // One test per big-zone built-in (each opened its own page in the loop they were before): both workers share them.
  test.describe('the big-zone built-ins', () => {
    test.describe.configure({ mode: 'parallel' });
    const cases = [
      ['zone-partly-down', 'PartialDisruption'],
      ['zone-down', 'FullDisruption'],
    ] as const;
    for (const [name, state] of cases)
      test(`the big-zone built-in ${name} opens as an overview with its lesson; the table gives zone-c's state`, async ({
        page,
      }) => {
        const parsed = parseScenario(readFileSync(`public/scenarios/${name}.yaml`, 'utf8'));
        if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
        await page.goto(`/?scenario=${name}`);
        await expect(page.getByRole('img', { name: /^Overview of 301 machines/ })).toBeVisible({ timeout: 30_000 });
        await expect(region(page, 'Lesson')).toContainText('Step 1 of', { timeout: 30_000 });
        // 2m30s: zone-c's nodes are NotReady, a few tainted.
        await scrubTo(page, 150_000);
        const rows = expectedRows(parsed.scenario, 150_000);
        expect(rows.find((r) => r[0] === 'zone-c')?.[1]).toBe(state);
        await expect.poll(() => zoneRows(page), { timeout: 15_000 }).toEqual(rows);
        // The zone's cut, one command per node at 1m, is one row of the terminal.
        const cuts = name === 'zone-down' ? 100 : 60;
        const row = region(page, 'Terminal').locator('.term-cmd', { hasText: 'network cut c1 … network cut c' });
        await expect(row).toHaveCount(1);
        await expect(row).toContainText(`network cut c1 … network cut c${cuts}`);
        await expect(row).toContainText(`${cuts} commands`);
      });
  });
  test('the 5,000-node built-in opens from its gallery card and is drawn while it starts (the clock at its start)', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/');
    const gallery = page.getByRole('region', { name: 'Scenarios', exact: true });
    await expect(gallery).toBeVisible({ timeout: 15_000 });
    const card = gallery.locator('.gallery-card', { hasText: '5,000 nodes, 150,000 pods, a zone goes dark' });
    await expect(card).toContainText('5,000');
    await expect(card).toContainText('takes a minute or more to start');
    await card.getByRole('button', { name: /^Start: / }).click();
    await expect(page).toHaveURL(/scenario=zone-down-5000/);
    // The first frame: 5,000 machines as they start, the clock at the start's time, not 0s.
    await expect(page.getByRole('img', { name: /^Overview of 5,000 machines/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.ov-booting')).toContainText(/^The cluster is starting \(-[\dms]+\)/);
    await expect(page.getByRole('timer', { name: 'Simulation time' })).toHaveText(/^-\d/);
    await expect(page.locator('.clock-end')).toHaveText('starting');
    await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeDisabled();
    // Closing the page stops its worker: the start goes no further.
  });

  test('a big cluster is drawn while it starts, then runs from 0; Show all draws only a screenful of a long view', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // The start is short at 300 machines: note what the page says while it lasts.
    await page.addInitScript(() => {
      const w = window as unknown as { bootSaid?: string };
      new MutationObserver(() => {
        const el = document.querySelector('.ov-booting');
        if (el && !w.bootSaid) w.bootSaid = el.textContent ?? '';
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto('/?scenario=zone-down');
    await expect(page.getByRole('img', { name: /^Overview of 301 machines/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeEnabled({ timeout: 30_000 });
    const said = await page.evaluate(() => (window as unknown as { bootSaid?: string }).bootSaid);
    expect(said).toMatch(/^The cluster is starting \(-[\dms]+\): machines boot and register/);
    await expect(page.locator('.ov-booting')).toHaveCount(0);

    // kubectl get nodes lists 301 machines: its first 200 rows, then all of them on request,
    // drawn a screenful at a time.
    const view = region(page, 'kubectl get nodes');
    await view.getByRole('button', { name: 'Show all' }).click();
    const box = view.locator('pre.kview-whole');
    await expect(box).toBeVisible({ timeout: 10_000 });
    const drawn = await box.locator('.kline').count();
    expect(drawn).toBeGreaterThan(10);
    expect(drawn).toBeLessThan(150);
    await expect(box.locator('.kline').first()).toContainText('NAME');
    await box.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await expect(box.getByText(/^ ?control-plane +Ready/)).toBeVisible();
    await view.getByRole('button', { name: 'Show fewer' }).click();
    await expect(box).toHaveCount(0);
  });
  test("an imported big cluster's run follows in the address and is kept as the last run (encoded off the page's thread)", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // 500 machines: the scenario's own text is over 20,000 characters, so it is encoded in the parser worker.
    const base = bigScenarioFile() as { spec: { nodes: { name: string; roles: string[]; zone: string }[] } };
    const nodes = [...base.spec.nodes];
    for (let i = 90; i < 500; i++) nodes.push({ name: `node${i}`, roles: [], zone: ZONES[(i - 1) % 3] as string });
    const text = JSON.stringify({ ...base, spec: { ...base.spec, nodes } });
    expect(text.length).toBeGreaterThan(20_000);
    const dir = mkdtempSync(join(tmpdir(), 'overview-save-'));
    const file = join(dir, 'big-save.json');
    writeFileSync(file, text);
    await page.goto('/?scenario=eviction');
    await expect(page.getByRole('timer', { name: 'Simulation time' })).toHaveText('0s', { timeout: 15_000 });
    await page.getByTestId('import-file').setInputFiles(file);
    await expect(page.getByRole('img', { name: /^Overview of 500 machines/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeEnabled({ timeout: 60_000 });
    const input = page.getByRole('textbox', { name: 'Command', exact: true });
    await input.fill('kubectl cordon node1');
    await input.press('Enter');
    await scrubTo(page, 60_000);
    // The address carries the run (its scenario inline), and the same text is the last run kept.
    await expect.poll(() => page.evaluate(() => location.hash), { timeout: 15_000 }).toMatch(/^#s=/);
    await expect
      .poll(async () => [await page.evaluate(() => location.hash), await savedRun(page)], { timeout: 15_000 })
      .toEqual([expect.stringMatching(/^#s=/), expect.stringMatching(/^#s=/)]);
    const [hash, kept] = [await page.evaluate(() => location.hash), await savedRun(page)];
    expect(kept).toBe(hash);
    // Opening that address gives the same run: node1 cordoned at 1m (the first row).
    await page.goto(`/${hash}`);
    await expect(page.getByRole('timer', { name: 'Simulation time' })).toHaveText('1m', { timeout: 60_000 });
    await expect(region(page, 'kubectl get nodes')).toContainText(/node1\s+Ready,SchedulingDisabled/, {
      timeout: 15_000,
    });
  });
});

test('a seek draws the moment gone to from the run’s history at once, and the engine lands on the same picture', async ({
  page,
}) => {
  // The slowed replay from the checkpoint before 2m52s takes up to a minute (where that is depends on wall time).
  test.setTimeout(120_000);
  const scenario = await importBigScenario(page, '&e2e=1');
  await expect(page.getByRole('img', { name: /^Overview of 90 machines/ })).toBeVisible({ timeout: 20_000 });
  await scrubTo(page, 400_000);
  // A 5,000-node seek replays for seconds to minutes; a pause per simulated second stands in.
  await page.evaluate(() => window.__notreadyTest?.slowSeeks());
  await page.getByRole('slider', { name: 'Timeline', exact: true }).fill('172000');
  const preview = page.getByRole('status').filter({ hasText: 'as the run recorded it' });
  await expect(preview).toContainText('2m52s as the run recorded it', { timeout: 10_000 });
  // While the engine is still on its way, the table is already the one of 2m52s.
  await expect(page.getByRole('status').filter({ hasText: 'Going to 2m52s' })).toBeVisible();
  await expect(page.locator('.overview')).toHaveAttribute('data-at', '172000');
  const rows = expectedRows(scenario, 172_000);
  expect(await zoneRows(page)).toEqual(rows);
  expect(rows).not.toEqual(expectedRows(scenario, 400_000));
  // Landed: the engine's own overview, the same counts, and the note is gone.
  await expect.poll(() => clock(page), { timeout: 80_000 }).toBe(172_000);
  await expect(preview).toHaveCount(0);
  await expect.poll(() => zoneRows(page), { timeout: 10_000 }).toEqual(rows);
});
