/**
 * The space-time chart (issue 10): the whole failure at once, its table `What happened when`,
 * seeking by clicking it, the recovery scoreboard, A/B comparisons (on the page and in links), and
 * the SVG export for slides. Expected times come from the engine itself, played in Node.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { formatSimTime } from '../src/sim/core/duration';
import { parseScenario, recordRun } from '../src/sim/index';
import { expectNoA11yViolations } from './fixtures';
import { clock, region, scrubTo } from './helpers';

function eviction() {
  const r = parseScenario(readFileSync('public/scenarios/eviction.yaml', 'utf8'));
  if (!r.ok) throw new Error('eviction.yaml does not parse');
  return r.scenario;
}

async function openChart(page: Page, query = '?scenario=eviction'): Promise<void> {
  await page.goto(`/${query}`);
  await expect(page.getByRole('timer', { name: 'Simulation time' })).toHaveText('0s', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Space-time chart', exact: true }).click();
  await expect(page.getByRole('group', { name: /^Space-time chart: / })).toBeVisible({ timeout: 15_000 });
}

test.describe('space-time chart', () => {
  test('eviction: the table lists NotReady, the taint, the eviction, the replacement Running and the recovery at the engine times', async ({
    page,
  }) => {
    const s = eviction();
    const chapters = recordRun(s, [], s.spec.duration).sim.chapters();
    const expected = (kind: string, label: RegExp) => {
      const c = chapters.find((x) => x.kind === kind && label.test(x.label));
      if (!c) throw new Error(`no ${kind} chapter ${label}`);
      return [formatSimTime(c.at), c.label] as const;
    };
    const rows = [
      expected('detect', /^node2 NotReady$/),
      expected('taint', /^node2 tainted unreachable:NoExecute$/),
      expected('evict', /^2 pods evicted from node2$/),
      expected('replace', /^replacement web-.* Running on node1$/),
      expected('recover', /^node2 Ready$/),
    ];
    await openChart(page);
    await scrubTo(page, s.spec.duration);
    const table = region(page, 'What happened when');
    for (const [time, label] of rows) {
      const row = table.getByRole('row').filter({ hasText: label });
      await expect(row.first()).toBeVisible();
      await expect(row.first().getByRole('button', { name: `Go to ${time}` })).toBeVisible();
    }
    // Who did it and by which rule: the node-lifecycle controller, after nodeMonitorGracePeriod.
    const notReady = table.getByRole('row').filter({ hasText: 'node2 NotReady' }).first();
    await expect(notReady).toContainText('node-lifecycle-controller');
    await expect(notReady).toContainText('nodeMonitorGracePeriod=50s');
    // The chart draws the lanes with their words, the grace bracket and the toleration brackets.
    const chart = page.getByRole('group', { name: /^Space-time chart: / });
    await expect(chart.getByText('nodeMonitorGracePeriod 50s').first()).toBeVisible();
    await expect(chart.getByText('tolerationSeconds 300').first()).toBeVisible();
    await expect(chart.getByText('Unknown', { exact: true }).first()).toBeVisible();
    // The scoreboard measures the same recovery.
    const board = region(page, 'Recovery scoreboard');
    await expect(board.getByRole('row').filter({ hasText: 'kubelet stopped on node2' })).toContainText('+49.3s');
  });

  test('clicking the chart moves the clock there; a time in the table does too', async ({ page }) => {
    await openChart(page);
    const svg = page.getByRole('group', { name: /^Space-time chart: / });
    const [left, right, end] = await svg.evaluate((el) => [
      Number(el.getAttribute('data-left')),
      Number(el.getAttribute('data-right')),
      Number(el.getAttribute('data-end')),
    ]);
    const target = 300_000;
    const box = await svg.boundingBox();
    if (!box) throw new Error('no chart box');
    // On the time axis row, at 5m (the top of the chart is in view).
    await page.mouse.click(box.x + left + ((right - left) * target) / end, box.y + 12);
    await expect.poll(() => clock(page), { timeout: 10_000 }).toBeGreaterThan(target - 3000);
    expect(await clock(page)).toBeLessThan(target + 3000);
    await scrubTo(page, eviction().spec.duration);
    await region(page, 'What happened when')
      .getByRole('row')
      .filter({ hasText: 'node2 NotReady' })
      .first()
      .getByRole('button', { name: /^Go to / })
      .click();
    await expect.poll(() => clock(page)).toBe(79_000);
  });

  test("a zone's numbered commands at one instant are one marker (zone-down: network cut c1 … c100 at 1m)", async ({
    page,
  }) => {
    await openChart(page, '?scenario=zone-down');
    await scrubTo(page, 120_000);
    const markers = page.locator('.markers .marker');
    await expect(markers.filter({ hasText: 'network cut c1 … network cut c100' })).toHaveCount(1);
    await expect(markers.filter({ hasText: /network cut c2$/ })).toHaveCount(0);
    await expect(markers.locator('title').filter({ hasText: '100 commands' })).toHaveCount(1);
  });

  test('Compare…: grace 40s vs 50s detects the kubelet stop 10s apart, and the link carries the comparison', async ({
    page,
    context,
  }) => {
    await openChart(page);
    await page.getByRole('button', { name: 'Compare…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Compare with other settings' });
    await dialog.getByLabel('Setting').selectOption('nodeMonitorGracePeriod');
    await dialog.getByLabel('Value in B').fill('40s');
    await dialog.getByRole('button', { name: 'Compare', exact: true }).click();
    const diff = region(page, 'Differences');
    await expect(diff).toContainText(
      'kubelet stopped on node2: detected (NotReady) +49.3s vs +39.3s (10s later in A)',
      { timeout: 20_000 },
    );
    await expect(page.getByRole('heading', { name: 'A: nodeMonitorGracePeriod 50s' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'B: nodeMonitorGracePeriod 40s' })).toBeVisible();
    await expectNoA11yViolations(page);
    // The address carries the comparison: another tab opens straight into it.
    await expect.poll(() => page.url()).toContain('#s=4.');
    const other = await context.newPage();
    await other.goto(page.url());
    await expect(region(other, 'Differences')).toContainText('detected (NotReady) +49.3s vs +39.3s', {
      timeout: 20_000,
    });
  });

  test('a wrong value is named in the dialog and nothing runs', async ({ page }) => {
    await openChart(page);
    await page.getByRole('button', { name: 'Compare…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Compare with other settings' });
    await dialog.getByLabel('Value in B').fill('soon');
    await dialog.getByRole('button', { name: 'Compare', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'nodeMonitorGracePeriod: "soon" is not a duration (examples: 40s, 5m, 1h30m)',
    );
    await expect(region(page, 'Differences')).toHaveCount(0);
  });

  test('Export SVG gives a valid 16:9 SVG with the node names', async ({ page }) => {
    await openChart(page);
    await scrubTo(page, 120_000);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export SVG' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^notready-.*-chart\.svg$/);
    const path = await download.path();
    const text = readFileSync(path, 'utf8');
    const check = await page.evaluate((t) => {
      const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
      const root = doc.documentElement;
      return {
        error: doc.getElementsByTagName('parsererror').length,
        name: root.nodeName,
        width: root.getAttribute('width'),
        height: root.getAttribute('height'),
        texts: [...doc.getElementsByTagName('text')].map((x) => x.textContent),
      };
    }, text);
    expect(check).toMatchObject({ error: 0, name: 'svg', width: '1920', height: '1080' });
    for (const n of ['control-plane', 'node1', 'node2', 'node3']) expect(check.texts).toContain(n);
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export PNG' }).click(),
    ]);
    const bytes = readFileSync(await png.path());
    expect([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
    // 1920x1080: the IHDR chunk's width and height.
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1920, 1080]);
  });

  test('axe finds nothing with the chart open, in presenter mode too', async ({ page }) => {
    await openChart(page);
    await scrubTo(page, 400_000);
    await expectNoA11yViolations(page);
    await page.keyboard.press('p');
    await expect(page.getByRole('group', { name: /^Space-time chart: / })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
