/**
 * The simulated cloud on the page (issue 11): each card's instance (the third truth beside host
 * and API), the region `Node groups` with min/target/max and the cluster autoscaler's state and
 * decisions, the instance menu, and Why? naming the autoscaler's decision. Expected values come
 * from the engine itself, played in Node.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { createSimulation, parseScenario } from '../src/sim/index';
import { expectNoA11yViolations } from './fixtures';
import { clock, region, scrubTo } from './helpers';

/** The lesson holds the clock at each step's moment: scrub again until the clock is there. */
async function scrubThrough(page: Page, ms: number): Promise<void> {
  for (let i = 0; i < 8 && (await clock(page)) !== ms; i++) {
    await page.getByRole('slider', { name: 'Timeline', exact: true }).fill(String(ms));
    await page.waitForTimeout(800);
  }
  await scrubTo(page, ms);
}

async function open(page: Page, query: string): Promise<void> {
  await page.goto(`/${query}`);
  await expect(page.getByRole('timer', { name: 'Simulation time' })).toHaveText('0s', { timeout: 15_000 });
}

function engineAt(name: string, ms: number) {
  const r = parseScenario(readFileSync(`public/scenarios/${name}.yaml`, 'utf8'));
  if (!r.ok) throw new Error(`${name}.yaml does not parse`);
  const sim = createSimulation(r.scenario);
  sim.advanceTo(ms);
  return sim.view();
}

test.describe('cloud and cluster autoscaler', () => {
  test("seed 002's zombie: node2's card says no Node while its instance runs; the group counts a machine without a Node", async ({
    page,
  }) => {
    const at = 5 * 60_000;
    const view = engineAt('node-delete-autoscaler', at);
    const node2 = view.nodes.find((n) => n.name === 'node2');
    const group = view.cloud?.groups[0];
    if (!node2?.instance || !group) throw new Error('the scenario has no cloud');
    expect(node2.apiExists).toBe(false);
    expect(node2.instance.state).toBe('running');

    await open(page, '?scenario=node-delete-autoscaler');
    await scrubThrough(page, at);
    const card = page.getByRole('group', { name: 'node node2' });
    await expect(card.getByText('? no Node')).toBeVisible();
    const instance = card.getByRole('button', { name: /^node2 instance i-/ });
    await expect(instance).toHaveText(`☁ ${node2.instance.id.slice(0, 10)}… running`);
    await expect(instance).toHaveAttribute('title', `Cloud instance ${node2.instance.id}: running, node group workers`);

    const groups = region(page, 'Node groups');
    await expect(groups).toContainText(`min ${group.min} · target ${group.target} · max ${group.max}`);
    await expect(groups).toContainText(`${group.instances} machines, ${group.ready} with a Ready Node`);
    await expect(groups.getByRole('img', { name: new RegExp(`^workers: ${group.ready} Ready`) })).toBeVisible();
    await expect(groups).toContainText('1 machine without a Node');
    await expectNoA11yViolations(page, { include: ['.node-groups', '.react-flow__node'] });

    // The cloud's own menu, from the instance: terminate the zombie by hand.
    await instance.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: /Power on/ })).toHaveCount(0);
    await menu.getByRole('menuitem', { name: /^Terminate instance/ }).click();
    await expect(card.getByRole('button', { name: /^node2 instance i-/ })).toContainText('terminated', {
      timeout: 15_000,
    });
  });

  test('a Deployment that does not fit: the group grows, the decision names the pods, and Why? on one of them says so', async ({
    page,
  }) => {
    const at = 2 * 60_000;
    const view = engineAt('autoscaler-scale-up', at);
    const decision = view.cloud?.autoscaler.decisions.find((d) => d.ref.startsWith('Pod/'));
    if (!decision) throw new Error('no scale-up decision by 2m');
    expect(decision.text).toMatch(/^cluster-autoscaler: pods? .* unschedulable, group workers 2→3 \(max 4\)$/);

    await open(page, '?scenario=autoscaler-scale-up');
    await scrubThrough(page, at);
    const groups = region(page, 'Node groups');
    await expect(groups).toContainText('min 1 · target 3 · max 4');
    await expect(groups).toContainText('scale-up InProgress');
    const link = groups.getByRole('button', { name: decision.text });
    await expect(link).toBeVisible();
    await link.click();
    await expect(region(page, 'Why?')).toContainText('cluster-autoscaler', { timeout: 15_000 });
    // The new machine has a card: its instance is pending or running, in the group.
    const added = view.nodes.find((n) => n.instance?.group === 'workers' && !/^node\d$/.test(n.name));
    if (!added) throw new Error('no machine added by 2m');
    await expect(
      page.getByRole('group', { name: `node ${added.name}` }).getByRole('button', { name: /instance i-/ }),
    ).toBeVisible();
  });

  test('presenter mode offers Node groups beside the graph in a cloud, and not elsewhere', async ({ page }) => {
    await page.goto('/?scenario=eviction&present=1');
    await page.getByRole('button', { name: 'Options', exact: true }).click();
    const beside = page.getByRole('combobox', { name: 'Beside the graph' });
    await expect(beside.getByRole('option', { name: 'Chapters' })).toHaveCount(1);
    await expect(beside.getByRole('option', { name: 'Node groups (cloud)' })).toHaveCount(0);

    await page.goto('/?scenario=autoscaler-scale-up&present=1');
    await page.getByRole('button', { name: 'Options', exact: true }).click();
    await page.getByRole('combobox', { name: 'Beside the graph' }).selectOption({ label: 'Node groups (cloud)' });
    await expect(
      page.getByRole('complementary', { name: 'Beside the graph' }).getByRole('region', { name: 'Node groups' }),
    ).toBeVisible();
  });
});
