import { expect, type Page } from '@playwright/test';

/** `5m50s` -> 350000 */
export function parseClock(text: string): number {
  let ms = 0;
  for (const m of text.matchAll(/(\d+)(h|m|s)/g))
    ms += Number(m[1]) * { h: 3_600_000, m: 60_000, s: 1000 }[m[2] as 'h' | 'm' | 's'];
  return text.trim().startsWith('-') ? -ms : ms;
}

export async function clock(page: Page): Promise<number> {
  return parseClock((await page.getByRole('timer', { name: 'Simulation time' }).textContent()) ?? '');
}

export const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The run this tab keeps as its last run (src/share/last-run.ts: a slot per tab, named in session storage). */
export function savedRun(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const tab = sessionStorage.getItem('notready:tab');
    return tab === null ? null : localStorage.getItem(`notready:last-run:${tab}`);
  });
}

/**
 * Stops the clock. Play and Pause are one button, and the run may stop by itself (its end, a
 * lesson step, a chapter) just as the click lands: the click then finds Play under the pointer and
 * starts the clock again. So: click Pause while it is there, until the button stays at Play.
 */
export async function pause(page: Page): Promise<void> {
  const pauseButton = page.getByRole('button', { name: 'Pause', exact: true });
  const play = page.getByRole('button', { name: 'Play', exact: true });
  // A page playing fast on a busy machine can take seconds to take a click: generous tries.
  await expect(async () => {
    if (await pauseButton.isVisible()) await pauseButton.click({ timeout: 10_000 });
    await expect(play).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

/**
 * Presses Play, then waits until the page has taken the press: the clock runs or has moved, or the
 * lesson has moved on (at a prediction Play shows the answer and the clock stays). Only then is a
 * later read of the Play button one from after the press: pressed again on a Play that the page
 * is about to turn into Pause, the click would wait for the run to stop (at a lesson step, or at
 * the scenario's end) and play on from there, past the end.
 */
export async function pressPlay(page: Page): Promise<void> {
  const state = async () =>
    [
      await page.getByRole('button', { name: 'Pause', exact: true }).count(),
      await clock(page),
      ...(await page.getByRole('region', { name: 'Lesson', exact: true }).allTextContents()),
    ].join('\n');
  const before = await state();
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(state, { timeout: 30_000 }).not.toBe(before);
}

/** Moves the clock with the Timeline slider and waits until the page shows that moment. */
export async function scrubTo(page: Page, ms: number): Promise<void> {
  await page.getByRole('slider', { name: 'Timeline', exact: true }).fill(String(ms));
  await expect.poll(() => clock(page), { timeout: 15_000 }).toBe(ms);
  // Let the graph settle (one patch, one layout).
  await page.waitForTimeout(300);
}

export interface TextSizes {
  /** Smallest on-screen text size (font size x the graph's zoom), in CSS px. */
  min: number;
  smallest: string;
  count: number;
  /** Cards that the graph's pane cuts off. */
  clipped: string[];
}

/**
 * Every visible text on the graph's cards (and edge labels), as it is drawn on screen: its font
 * size times the graph's zoom. Text hidden for screen readers only (clipped to 1 px) is not drawn.
 */
export function graphTextSizes(page: Page): Promise<TextSizes> {
  return page.evaluate(() => {
    const vp = document.querySelector<HTMLElement>('.react-flow__viewport');
    const zoom = Number(/scale\(([\d.]+)\)/.exec(vp?.style.transform ?? '')?.[1] ?? 1);
    const pane = document.querySelector('.graph-box')?.getBoundingClientRect();
    let min = Number.POSITIVE_INFINITY;
    let smallest = '';
    let count = 0;
    const clipped: string[] = [];
    for (const root of document.querySelectorAll<HTMLElement>('.react-flow__node, .edge-label')) {
      const r = root.getBoundingClientRect();
      if (
        pane &&
        (r.bottom > pane.bottom + 1 || r.right > pane.right + 1 || r.top < pane.top - 1 || r.left < pane.left - 1)
      )
        clipped.push(root.getAttribute('data-id') ?? root.textContent?.slice(0, 20) ?? '?');
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent?.trim();
        const el = n.parentElement;
        if (!text || !el || el.closest('.sr-only')) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        const rect = range.getBoundingClientRect();
        if (rect.width < 2 || rect.height < 2) continue;
        const px = Number.parseFloat(getComputedStyle(el).fontSize) * zoom;
        count++;
        if (px < min) {
          min = px;
          smallest = text;
        }
      }
    }
    return { min, smallest, count, clipped };
  });
}
