import { expect, type Page, test } from '@playwright/test';

/** The app is up: node2's card is drawn and kubectl lists it (kubectl speaks no language but its own). */
async function ready(page: Page, group: string) {
  await expect(page.getByRole('group', { name: group, exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'kubectl get nodes', exact: true })).toContainText(
    /NAME\s+STATUS\s+ROLES\s+AGE\s+VERSION[\s\S]*node2\s+Ready/,
    { timeout: 15_000 },
  );
}

test('?lang=ja speaks Japanese, kubectl stays kubectl; the menu switches to pt-BR and a copied link keeps it', async ({
  page,
  context,
  browser,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/?lang=ja');
  await ready(page, 'Node node2');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByRole('button', { name: '再生', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'リセット' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'チャプター', exact: true })).toBeVisible();

  // Commands and their output are never translated.
  const input = page.getByRole('textbox', { name: 'コマンド', exact: true });
  await input.fill('kubectl get nodes');
  await input.press('Enter');
  await expect(page.getByRole('log', { name: 'ターミナル' })).toContainText(/\$ kubectl get nodes[\s\S]*NAME\s+STATUS/);

  // The menu keeps its English name in every language.
  const menu = page.getByRole('combobox', { name: 'Language', exact: true });
  await expect(menu).toHaveValue('ja');
  await menu.selectOption('pt-BR');
  await expect(page.getByRole('button', { name: 'Rodar', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.getByRole('group', { name: 'nó node2', exact: true })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('lang')).toBe('pt-BR');

  await page.getByRole('button', { name: 'Copiar link', exact: true }).click();
  // The copy is asynchronous (the link's encoder loads first): read the clipboard once the page
  // says the link is copied, not at the click.
  await expect(page.getByRole('status').filter({ hasText: 'Link copiado' })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(link).searchParams.get('lang')).toBe('pt-BR');
  expect(link).toContain('#s=');

  // Someone else opens it (no saved choice, an English browser): Portuguese.
  const other = await browser.newContext({ locale: 'en-US' });
  const page2 = await other.newPage();
  await page2.goto(link);
  await ready(page2, 'nó node2');
  await expect(page2.getByRole('button', { name: 'Rodar', exact: true })).toBeVisible();
  await other.close();
});

test("the browser's language is the default, English when it is none of ours; presenter Options has the menu", async ({
  browser,
}) => {
  const ko = await browser.newContext({ locale: 'ko-KR' });
  const page = await ko.newPage();
  await page.goto('/');
  await ready(page, '노드 node2');
  await expect(page.getByRole('button', { name: '재생', exact: true })).toBeVisible();
  // A link copied from here opens in Korean too.
  expect(new URL(page.url()).searchParams.get('lang')).toBe('ko');
  await ko.close();

  const de = await browser.newContext({ locale: 'de-DE' });
  const page2 = await de.newPage();
  await page2.goto('/?present=1');
  // Presenter mode shows no kubectl view beside the graph by default: the card is enough.
  await expect(page2.getByRole('group', { name: 'node node2', exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page2.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  expect(new URL(page2.url()).searchParams.get('lang')).toBeNull();
  // First visit: the scenario gallery is open over the stage; close it first.
  await page2.getByRole('button', { name: 'Explore this one', exact: true }).click();
  await page2.getByRole('button', { name: 'Options' }).click();
  await page2.getByRole('combobox', { name: 'Language', exact: true }).selectOption('ja');
  await expect(page2.getByRole('button', { name: '再生', exact: true })).toBeVisible();
  // The choice is saved: a reload without lang= keeps it.
  await page2.goto('/?present=1');
  await expect(page2.getByRole('button', { name: '再生', exact: true })).toBeVisible({ timeout: 15_000 });
  await de.close();
});
