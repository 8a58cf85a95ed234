/**
 * Issue 29: a lesson reaches its recap whatever the teacher presses, and presenter mode carries
 * the whole lesson. Pressing only Play (presenter mode, 1280x720) or only Space (the normal
 * layout, 1366x768) from the start: every step comes in order, each prediction is asked with the
 * clock stopped, the recap comes with its table. In presenter mode the step text, the question,
 * its choices, the answer and the recap are whole and on screen at 18 px or more.
 * LESSON_SHOTS=dir saves a screenshot of each prediction and recap there.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { clock, region } from './helpers';

const SHOTS = process.env.LESSON_SHOTS;
/**
 * Presenter mode measures the lessons' texts on the projector; the normal layout differs only in
 * the key pressed (the lesson logic is the same, and src/worker/lesson-play.test.ts plays every
 * built-in's lesson to its recap), so it plays two. volume-out-of-service and graceful-shutdown
 * are not measured here yet: their recaps (11 and 13 rows, the "What decided it" sentences on
 * two or three lines) are taller than a 1280x720 slide at 18 px, so their last rows need the
 * slide's scroll. That is an open classroom item (a recap that fits), not something to hide.
 */
const MODES = [
  {
    name: 'presenter',
    query: '&present=1',
    viewport: { width: 1280, height: 720 },
    key: 'Play button',
    lessons: ['eviction', 'kubelet-stop-worker', 'docker-stop', 'pdb-drain'],
  },
  {
    name: 'normal',
    query: '',
    viewport: { width: 1366, height: 768 },
    key: 'Space',
    lessons: ['eviction', 'pdb-drain'],
  },
] as const;

/** Text boxes of the lesson that are cut (ellipsis, clamped lines) or reach past the screen. */
function clippedOrOffScreen(lesson: Locator, minPx: number): Promise<string[]> {
  return lesson.evaluate((root, min) => {
    const bad: string[] = [];
    const sel =
      '.lesson-text, .lesson-status p, .predict legend, .predict-choice, .predict-result p, .recap td, .recap th';
    for (const el of root.querySelectorAll<HTMLElement>(sel)) {
      const r = el.getBoundingClientRect();
      const size = Number.parseFloat(getComputedStyle(el).fontSize);
      const what = (el.textContent ?? '').trim().slice(0, 40);
      if (size < min) bad.push(`${what}: ${size}px`);
      if (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1) bad.push(`${what}: cut`);
      if (r.top < 0 || r.bottom > innerHeight + 1 || r.left < 0 || r.right > innerWidth + 1)
        bad.push(`${what}: off screen`);
    }
    return bad;
  }, minPx);
}

/** What the teacher sees: the step, what it says of its event, the answer shown, and whether the clock runs. */
async function signature(page: Page, lesson: Locator): Promise<string> {
  const playing = await page.getByRole('button', { name: 'Pause', exact: true }).count();
  return `${playing}|${await lesson.textContent()}`;
}

for (const mode of MODES) {
  test.describe(`${mode.name} at ${mode.viewport.width}x${mode.viewport.height}`, () => {
    test.use({ viewport: mode.viewport });
    for (const name of mode.lessons) {
      test(`${name}: only ${mode.key} from the start reaches the recap, each prediction asked with the clock stopped`, async ({
        page,
      }) => {
        test.setTimeout(120_000);
        await page.goto(`/?scenario=${name}${mode.query}`);
        const lesson = region(page, 'Lesson');
        await expect(lesson).toContainText('Step 1 of', { timeout: 15_000 });
        // The counter ("Step 1 of 8"), not the whole region: the normal layout's step dots are digits too.
        const progress = lesson.locator('.lesson-progress');
        const total = Number(/Step 1 of (\d+)/.exec((await progress.textContent()) ?? '')?.[1]);
        expect(total).toBeGreaterThan(1);
        expect(total).toBeLessThan(20);
        await page.getByRole('slider', { name: 'Speed' }).fill('100');
        const play = page.getByRole('button', { name: 'Play', exact: true });
        const press = async () => {
          if (mode.key === 'Space') await page.keyboard.press('Space');
          else await play.click();
        };
        const seen = new Set<number>();
        let predictions = 0;
        for (let presses = 0; presses < 4 * total + 4; presses++) {
          await expect(play).toBeVisible({ timeout: 60_000 });
          const text = (await lesson.textContent()) ?? '';
          if (text.includes('Free play')) break;
          const n = Number(/Step (\d+) of/.exec((await progress.textContent()) ?? '')?.[1]);
          seen.add(n);
          const question = lesson.getByRole('group');
          if ((await question.count()) > 0 && !text.includes('The answer')) {
            // A prediction: the clock stopped; Play shows the answer and the clock stays.
            predictions++;
            const at = await clock(page);
            await expect(question.getByRole('radio')).not.toHaveCount(0);
            if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${mode.name}-predict.png` });
            if (mode.name === 'presenter') expect(await clippedOrOffScreen(lesson, 18)).toEqual([]);
            await press();
            await expect(lesson.getByRole('status')).toContainText('The answer');
            expect(await clock(page)).toBe(at);
            if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${mode.name}-answer.png` });
            if (mode.name === 'presenter') expect(await clippedOrOffScreen(lesson, 18)).toEqual([]);
            continue;
          }
          if (mode.name === 'presenter') expect(await clippedOrOffScreen(lesson, 18)).toEqual([]);
          const before = await signature(page, lesson);
          await press();
          await expect.poll(() => signature(page, lesson), { timeout: 60_000 }).not.toBe(before);
        }
        await expect(lesson).toContainText('Free play');
        expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
        expect(predictions).toBeGreaterThan(0);
        const recap = lesson.getByRole('table', { name: 'What happened when' });
        await expect(recap.getByRole('row').nth(2)).toBeVisible();
        // The recap comes paused, at the last step's moment (before the scenario's end).
        await expect(play).toBeVisible();
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${mode.name}-recap.png` });
        if (mode.name === 'presenter') expect(await clippedOrOffScreen(lesson, 18)).toEqual([]);
      });
    }
  });
}

test('presenter keys: → and PageDown go on, ← and PageUp go back, B blacks out the screen, Escape closes Options', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/?scenario=eviction&present=1');
  const lesson = region(page, 'Lesson');
  await expect(lesson).toContainText('Step 1 of 8', { timeout: 15_000 });
  await page.locator('body').focus();
  // → on a step that waits plays until its event; → again is Next.
  await page.keyboard.press('ArrowRight');
  await expect(lesson).toContainText('Happened at 30s', { timeout: 30_000 });
  await page.keyboard.press('PageDown');
  await expect(lesson).toContainText('Step 2 of 8');
  await page.keyboard.press('PageUp');
  await expect(lesson).toContainText('Step 1 of 8');
  // Back went to the step's start (0s): → plays to its event again, then → is Next.
  await page.keyboard.press('ArrowRight');
  await expect(lesson).toContainText('Happened at 30s', { timeout: 30_000 });
  await page.keyboard.press('ArrowRight');
  await expect(lesson).toContainText('Step 2 of 8');
  await page.keyboard.press('ArrowLeft');
  await expect(lesson).toContainText('Step 1 of 8');
  // B: a black screen over everything; B again, and Escape, bring the stage back.
  const black = page.getByRole('button', { name: /^Black screen/ });
  await page.keyboard.press('b');
  await expect(black).toBeVisible();
  await page.keyboard.press('b');
  await expect(black).toHaveCount(0);
  await page.keyboard.press('b');
  await expect(black).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(black).toHaveCount(0);
  // The keys are in the ? overlay.
  await page.keyboard.press('?');
  const overlay = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(overlay).toContainText('PageDown');
  await expect(overlay).toContainText(/black screen/i);
  await page.keyboard.press('Escape');
  await expect(overlay).toHaveCount(0);
  // Escape closes presenter Options.
  const options = page.getByRole('button', { name: /^Options/ });
  await options.click();
  await expect(options).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(options).toHaveAttribute('aria-expanded', 'false');
});
