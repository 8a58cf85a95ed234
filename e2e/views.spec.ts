/**
 * Issue 29 points 3 and 4: what a learner reads stays readable and in view. The terminal shows
 * the output of the command just run (at 1366x768, where its log is a few lines tall), wide
 * tables scroll instead of wrapping, and the terminal can be made taller.
 */
import { expect, test } from '@playwright/test';
import { graphTextSizes } from './helpers';

test.describe('at 1366x768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the output of kubectl get pods -o wide is in view after Enter, unwrapped; T and the handle make the terminal taller', async ({
    page,
  }) => {
    await page.goto('/?scenario=eviction');
    await expect(page.getByRole('timer', { name: 'Simulation time' })).toHaveText('0s', { timeout: 15_000 });
    await page.keyboard.press('Escape');
    const input = page.getByRole('textbox', { name: 'Command' });
    await input.fill('kubectl get pods -o wide');
    await input.press('Enter');
    const log = page.getByRole('log', { name: 'Terminal' });
    const out = log.locator('.term-cmd:not(.is-future)').last().locator('pre');
    await expect(out).toContainText('NOMINATED NODE');
    // Its last line is inside the log's visible box, and no line wrapped (one text line per row).
    await expect
      .poll(() =>
        out.evaluate((pre) => {
          const box = pre.closest('[role="log"]')?.getBoundingClientRect();
          const r = pre.getBoundingClientRect();
          const lh = Number.parseFloat(getComputedStyle(pre).lineHeight);
          const lines = (pre.textContent ?? '').trimEnd().split('\n');
          const lastLine = r.top + (lines.length - 0.5) * lh;
          return {
            lastLineInView: !!box && lastLine > box.top && lastLine < box.bottom,
            wrapped: Math.round(pre.clientHeight / lh) > lines.length,
            scrollsSideways: pre.scrollWidth > pre.clientWidth,
          };
        }),
      )
      .toEqual({ lastLineInView: true, wrapped: false, scrollsSideways: true });

    // T (outside a text field) makes the row taller, and T again puts it back.
    const handle = page.getByRole('separator', { name: 'Terminal height' });
    const height = async () => (await log.boundingBox())?.height ?? 0;
    const before = await height();
    await page.getByRole('button', { name: 'Play', exact: true }).focus();
    await page.keyboard.press('t');
    await expect.poll(height).toBeGreaterThan(before + 150);
    await page.keyboard.press('t');
    await expect.poll(height).toBeLessThan(before + 2);
    // The handle: arrow keys move it (and say by how much), and so does a drag.
    await handle.focus();
    const now = Number(await handle.getAttribute('aria-valuenow'));
    await page.keyboard.press('ArrowUp');
    await expect(handle).toHaveAttribute('aria-valuenow', String(now + 40));
    const box = await handle.boundingBox();
    if (!box) throw new Error('no handle');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 100, { steps: 4 });
    await page.mouse.up();
    await expect(handle).toHaveAttribute('aria-valuenow', String(now + 140));
  });
});

test.describe('presenter mode at 1280x720', () => {
  test('a kubectl view beside the graph covers no card and scrolls its table inside it; A+ twice reflows the header and cards', async ({
    page,
  }) => {
    await page.addInitScript(() =>
      localStorage.setItem('notready.settings', JSON.stringify({ presenterView: 'kubectl get pods -o wide' })),
    );
    await page.goto('/?scenario=eviction&present=1');
    await expect(page.getByRole('timer', { name: 'Simulation time' })).toHaveText('0s', { timeout: 15_000 });
    await page.keyboard.press('Escape');
    const view = page.getByRole('region', { name: 'kubectl get pods -o wide', exact: true });
    await expect(view).toContainText('NOMINATED NODE');
    await expect.poll(() => graphTextSizes(page).then((s) => s.clipped)).toEqual([]);
    // The table scrolls sideways inside the view (its box ends at the view's edge), so the NODE
    // column is one scroll away, not cut off.
    const table = view.locator('pre');
    const fit = await table.evaluate((pre) => {
      const side = pre.closest('aside')?.getBoundingClientRect();
      const r = pre.getBoundingClientRect();
      return { inside: !!side && r.right <= side.right + 1, scrolls: pre.scrollWidth > pre.clientWidth };
    });
    expect(fit).toEqual({ inside: true, scrolls: true });
    await table.evaluate((pre) => {
      pre.scrollLeft = pre.scrollWidth;
    });
    await expect.poll(() => table.evaluate((pre) => pre.scrollLeft)).toBeGreaterThan(0);

    // A+ twice: the header wraps (nothing leaves the screen) and the cards keep their words.
    const larger = page.getByRole('button', { name: /^A\+/ });
    await larger.click();
    await larger.click();
    await expect(page.locator('.graph-box')).toHaveAttribute('data-font', /^23\.4/);
    for (const name of [/^Presenter mode$/, /Keyboard shortcuts/]) {
      const box = await page.getByRole('button', { name }).boundingBox();
      expect(box && box.x + box.width <= 1280 && box.y + box.height <= 720, String(name)).toBe(true);
    }
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.card-title, .badge')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.textContent),
    );
    expect(cut).toEqual([]);
  });
});
