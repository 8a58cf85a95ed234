/**
 * Class mode, no server: the teacher's projector shows a QR code of the current moment; a student
 * who scans it gets the same run on their own device, at the same lesson step and time. The QR is
 * read the way a phone would: from a screenshot (pngjs + jsQR), not from the DOM.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expectNoA11yViolations } from './fixtures';
import { clock, region } from './helpers';

/** The text of the QR code on screen, decoded from its pixels (undefined while it cannot be read). */
async function readQr(code: Locator): Promise<string | undefined> {
  const png = PNG.sync.read(await code.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

async function lessonStep(page: Page): Promise<string> {
  return ((await region(page, 'Lesson').locator('.lesson-progress').textContent()) ?? '').trim();
}

test('class mode: the QR on the projector opens the same step and time on a student’s device, and follows Next', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/?scenario=eviction&present=1');
  await expect(page.locator('.react-flow__node').first()).toBeVisible({ timeout: 15_000 });
  await expect(region(page, 'Lesson')).toContainText('Step 1 of 8');

  // Presenter mode keeps class mode in Options (the header is one row).
  await page.getByRole('button', { name: 'Options' }).click();
  await page.getByRole('button', { name: 'Class mode', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Class mode', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Options' }).click();

  const panel = page.getByRole('complementary', { name: 'Class link', exact: true });
  const code = panel.getByRole('img', { name: /^QR code of the class link/ });
  await expect(code).toBeVisible();
  await expect(panel).toContainText('Step 1 of 8 · 0s');

  // Big enough for the back of a room: whole modules of at least 5 CSS px (a lesson's link is ~version 12).
  const box = await code.boundingBox();
  const modules = Number(await code.getAttribute('data-qr-modules'));
  expect(box && box.width / modules, `${box?.width} px for ${modules} modules`).toBeGreaterThanOrEqual(5);

  await expect.poll(() => readQr(code), { timeout: 15_000 }).toMatch(/\?class=1&lang=en#s=4\./);
  const first = (await readQr(code)) as string;
  expect(await panel.getByRole('textbox', { name: 'Class link' }).inputValue()).toBe(first);
  await expectNoA11yViolations(page, { include: ['.class-panel'] });

  // Next on the teacher's screen: the code changes to the new step's moment.
  const caption = region(page, 'Lesson');
  await caption.getByRole('button', { name: 'Skip ahead', exact: true }).click();
  await expect(caption).toContainText('Happened at 30s');
  await caption.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(caption).toContainText('Step 2 of 8');
  await expect(panel).toContainText('Step 2 of 8 · 30s');
  await expect.poll(() => readQr(code), { timeout: 15_000 }).not.toBe(first);
  const link = (await readQr(code)) as string;
  const teacher = { clock: await clock(page), step: await lessonStep(page) };
  expect(teacher).toEqual({ clock: 30_000, step: 'Step 2 of 8' });

  // A student's own device: a fresh browser context (no storage shared with the teacher's).
  const student = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  try {
    const phone = await student.newPage();
    await phone.goto(link);
    await expect(region(phone, 'Lesson')).toContainText(teacher.step, { timeout: 15_000 });
    await expect.poll(() => clock(phone), { timeout: 15_000 }).toBe(teacher.clock);
    await expect(phone.getByRole('status').filter({ hasText: 'You opened the class link' })).toBeVisible();
  } finally {
    await student.close();
  }
});

test('class mode: a second screen of the same browser follows the first (BroadcastChannel, no server)', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await page.goto('/?scenario=eviction');
  const lesson = region(page, 'Lesson');
  await expect(lesson).toContainText('Step 1 of 8', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Class mode', exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Class link', exact: true });
  await expect(panel.getByRole('img', { name: /^QR code of the class link/ })).toBeVisible();

  const [second] = await Promise.all([
    context.waitForEvent('page'),
    panel.getByRole('button', { name: 'Open a second screen', exact: true }).click(),
  ]);
  expect(new URL(second.url()).searchParams.get('class')).toBe('follow');
  await expect(second.getByRole('status').filter({ hasText: 'This screen follows class mode' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(region(second, 'Lesson')).toContainText('Step 1 of 8');

  await lesson.getByRole('button', { name: 'Skip ahead', exact: true }).click();
  await expect(lesson).toContainText('Happened at 30s');
  await lesson.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(panel).toContainText('Step 2 of 8 · 30s');
  await expect(region(second, 'Lesson')).toContainText('Step 2 of 8', { timeout: 15_000 });
  await expect.poll(() => clock(second), { timeout: 15_000 }).toBe(30_000);
});
