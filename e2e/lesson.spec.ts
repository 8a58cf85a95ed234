import { expect, type Page, test } from '@playwright/test';
import { expectNoA11yViolations } from './fixtures';

/** The accessible name (text or aria-label) of the focused element. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    return (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
  });
}

/** Moves focus with Tab (or Shift+Tab) only, until the focused control is named `name`. */
async function tabTo(page: Page, name: string | RegExp, back = false, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    const current = await focusedName(page);
    if (typeof name === 'string' ? current === name : name.test(current)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`could not reach ${String(name)} with the keyboard (focus is on "${await focusedName(page)}")`);
}

async function expectFocusOn(page: Page, name: string) {
  await expect.poll(() => focusedName(page)).toBe(name);
}

test('a whole lesson, with the keyboard only: wait, skip ahead, predict, reveal, next, back, recap', async ({
  page,
}) => {
  // 90 s alone; more while five other checkouts share the machine's two cores.
  test.setTimeout(150_000);
  await page.goto('/?scenario=eviction');
  const lesson = page.getByRole('region', { name: 'Lesson', exact: true });
  await expect(lesson).toContainText('Step 1 of 8', { timeout: 15_000 });
  await expect(lesson).toContainText('At 30s the kubelet on node2 stops.');
  await expect(lesson).toContainText('Waiting for');

  // Step 1 waits for 30s: Skip ahead plays to it; focus moves on to Next.
  await page.locator('body').focus();
  await tabTo(page, 'Skip ahead');
  await page.keyboard.press('Enter');
  await expect(lesson).toContainText('Happened at 30s');
  await expectFocusOn(page, 'Next');
  await page.keyboard.press('Enter');

  // Step 2 waits for node2 NotReady. Next cannot act yet (it stays focusable, says why).
  await expect(lesson).toContainText('Step 2 of 8');
  await expect(lesson.getByRole('button', { name: 'Next', exact: true })).toHaveAttribute('aria-disabled', 'true');
  await tabTo(page, 'Skip ahead', true);
  await page.keyboard.press('Enter');
  await expect(lesson).toContainText(/Happened at 1m\d+s/);
  await expect(page.getByRole('region', { name: 'kubectl get nodes', exact: true })).toContainText(/node2\s+NotReady/);
  await expectFocusOn(page, 'Next');
  await page.keyboard.press('Enter');

  // Step 3: the unreachable taint, one controller pass later.
  await expect(lesson).toContainText('Step 3 of 8');
  await tabTo(page, 'Skip ahead', true);
  await page.keyboard.press('Enter');
  await expect(lesson).toContainText(/Happened at 1m2\ds/);
  await expectFocusOn(page, 'Next');
  const step4At = await page.getByRole('timer', { name: 'Simulation time' }).textContent();
  await page.keyboard.press('Enter');

  // Step 4: predict, then reveal. Reveal without a choice asks for one.
  await expect(lesson).toContainText('Step 4 of 8');
  const group = lesson.getByRole('group', { name: /What happens to the StatefulSet pod/ });
  await expect(group).toBeVisible();
  await tabTo(page, 'Reveal', true);
  await page.keyboard.press('Enter');
  await expect(lesson.getByRole('alert')).toContainText('Choose an answer first.');
  await page.keyboard.press('Shift+Tab'); // into the radio group (its last choice)
  for (let i = 0; i < 4 && !(await group.getByRole('radio', { name: /It stays Terminating/ }).isChecked()); i++)
    await page.keyboard.press('ArrowUp');
  await expect(group.getByRole('radio', { name: /It stays Terminating/ })).toBeChecked();
  await tabTo(page, 'Reveal');
  await page.keyboard.press('Enter');
  await expect(lesson).toContainText('Correct.');
  await expect(lesson).toContainText('will not create a replacement with the same identity');
  await expectNoA11yViolations(page, { include: ['section[aria-label="Lesson"]'] });
  await tabTo(page, 'Next');
  await page.keyboard.press('Enter');

  // Steps 5 to 8: the eviction (300s of toleration later), the replacement, the kubelet back, db-1 whole again.
  for (const [n, happened] of [
    [5, /Happened at 6m\d+s/],
    [6, /Happened at 6m\d+s/],
    [7, /Happened at 9m\d+s/],
    [8, /Happened at 9m\d+s/],
  ] as const) {
    await expect(lesson).toContainText(`Step ${n} of 8`);
    // The replacement (step 6) came with the eviction: that step opens done, with nothing to skip.
    if ((await lesson.textContent())?.includes('Waiting for')) {
      await tabTo(page, 'Skip ahead', true);
      await page.keyboard.press('Enter');
    }
    await expect(lesson).toContainText(happened);
    await tabTo(page, 'Next');
    await page.keyboard.press('Enter');
  }
  // The recap: what happened when, who did it, which constant decided it.
  await expect(lesson).toContainText('Free play');
  const recap = lesson.getByRole('table', { name: 'What happened when' });
  await expect(
    recap.getByRole('row', { name: /node2 NotReady.*node-lifecycle-controller.*nodeMonitorGracePeriod=50s/ }),
  ).toBeVisible();
  await expect(
    recap.getByRole('row', { name: /evicted from node2.*taint-eviction-controller.*tolerationSeconds=300/ }),
  ).toBeVisible();
  await expect(recap.getByRole('row', { name: /kubelet stopped on node2.*the scenario/ })).toBeVisible();
  // The table fits the panel: its last column ("What decided it") is not cut off at the edge.
  const edges = await recap.evaluate((table) => {
    const panel = table.closest('section.lesson') as HTMLElement;
    return { table: table.getBoundingClientRect().right, panel: panel.getBoundingClientRect().right };
  });
  expect(edges.table).toBeLessThanOrEqual(edges.panel);

  // Back to step 4 (the prediction): the clock rolls back to when it started.
  for (let n = 8; n >= 4; n--) {
    await tabTo(page, 'Back', true);
    await page.keyboard.press('Enter');
    await expect(lesson).toContainText(`Step ${n} of 8`);
  }
  await expect(page.getByRole('timer', { name: 'Simulation time' })).toHaveText(step4At ?? '');
  await expect(page.getByRole('region', { name: 'kubectl get nodes', exact: true })).toContainText(/node2\s+NotReady/);
});

test('a link to a lesson step opens the lesson at that step', async ({ page, context }) => {
  await page.goto('/?scenario=node-delete');
  const lesson = page.getByRole('region', { name: 'Lesson', exact: true });
  await expect(lesson).toContainText('Step 1 of 4', { timeout: 15_000 });
  await lesson.getByRole('button', { name: /^Step 3: / }).click(); // jump: skips through steps 1 and 2
  await expect(lesson).toContainText('Step 3 of 4');
  await lesson.getByRole('button', { name: 'Copy link to this step', exact: true }).click();
  await expect.poll(() => page.url()).toMatch(/#s=4\./);
  const other = await context.newPage();
  await other.goto(page.url());
  const otherLesson = other.getByRole('region', { name: 'Lesson', exact: true });
  await expect(otherLesson).toContainText('Step 3 of 4', { timeout: 15_000 });
  await expect(otherLesson).toContainText('The garbage collector deletes the pods bound to the missing node');
  await expect(other.getByRole('timer', { name: 'Simulation time' })).toHaveText(
    (await page.getByRole('timer', { name: 'Simulation time' }).textContent()) ?? '',
  );
});

test('embed mode: the graph at presenter sizes, the transport, the timeline, menus, the lesson step, a way out', async ({
  page,
}) => {
  await page.goto('/?scenario=eviction&embed=1');
  await expect(page.getByRole('group', { name: 'node node2', exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect(page.getByRole('timer', { name: 'Simulation time' })).toBeVisible();
  const lesson = page.getByRole('region', { name: 'Lesson', exact: true });
  await expect(lesson).toContainText('At 30s the kubelet on node2 stops.');
  await expect(lesson.getByRole('navigation')).toHaveCount(0);
  for (const region of ['kubectl get nodes', 'Terminal', 'Events'])
    await expect(page.getByRole('region', { name: region, exact: true })).toHaveCount(0);
  await expect(page.getByRole('log', { name: 'Terminal' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Copy link', exact: true })).toHaveCount(0);
  await expect(page.getByRole('slider', { name: 'Timeline', exact: true })).toBeVisible();
  const full = page.getByRole('link', { name: 'Open in NotReady', exact: true });
  await expect(full).toHaveAttribute('href', /scenario=eviction/);
  await expect(full).not.toHaveAttribute('href', /embed=1/);
  // The components' menus work in a slide too.
  await page.getByRole('button', { name: 'kubelet on node2', exact: true }).click();
  await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Stop kubelet', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  // Presenter type sizes: the node's status reads at 18 px or more on screen.
  const px = await page
    .getByRole('group', { name: 'node node2', exact: true })
    .locator('.badge')
    .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
  expect(px).toBeGreaterThanOrEqual(18);
  await expectNoA11yViolations(page);
});
