import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The poster editor in a browser: a new poster from the list, a picture and a text added, the text
 * moved with the keyboard, undone and redone, saved, found again after a reload, and exported as a
 * PNG of the poster's size.
 */

const LIST = '/shop/decorateShop/posterSupervise';

test.describe.configure({ timeout: 150_000 });

function canvasElement(page: Page, name: string) {
  return page.getByTestId('poster-canvas').getByRole('button', { name, exact: true });
}

async function position(page: Page, name: string) {
  const element = canvasElement(page, name);
  return {
    x: Number(await element.getAttribute('data-x')),
    y: Number(await element.getAttribute('data-y')),
  };
}

test('a designer builds a poster, saves it, finds it after a reload and exports the PNG', async ({
  page,
  loginAs,
  expectNoSeriousA11yViolations,
}) => {
  const name = `E2E poster ${Date.now()}`;
  await loginAs(page, 'admin');
  await page.goto(LIST);
  await expect(page.getByRole('heading', { name: 'Posters and certificates' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('cell', { name: '商品分享海报' }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'New poster' }).click();
  const dialog = page.getByTestId('name-dialog');
  await expect(dialog).toHaveAttribute('data-state', 'open');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('poster-editor')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name })).toBeVisible();

  await page.getByRole('button', { name: 'Add Image' }).click();
  await expect(canvasElement(page, 'Image')).toBeVisible();
  await page.getByRole('button', { name: 'Add Text' }).click();
  await expect(canvasElement(page, 'Text: Your text')).toBeVisible();
  await page.getByTestId('poster-properties').getByLabel('Text').fill('Hello poster');
  const text = canvasElement(page, 'Text: Hello poster');
  await expect(text).toContainText('Hello poster');
  await expect(page.getByTestId('poster-layers').getByRole('listitem')).toHaveCount(2);

  const start = await position(page, 'Text: Hello poster');
  await text.click();
  await expect(text).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(text).toHaveAttribute('data-x', String(start.x + 10));
  await page.keyboard.press('ControlOrMeta+z');
  await expect(text).toHaveAttribute('data-x', String(start.x));
  await page.keyboard.press('ControlOrMeta+Shift+z');
  await expect(text).toHaveAttribute('data-x', String(start.x + 10));
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(text).toHaveAttribute('data-x', String(start.x));
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(text).toHaveAttribute('data-x', String(start.x + 10));
  await text.click();
  await page.keyboard.press('ArrowDown');
  await expect(text).toHaveAttribute('data-y', String(start.y + 1));
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const saved = page.waitForResponse((response) => response.url().includes('/ModuleLibrary/SetPoster'));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect(((await (await saved).json()) as { Errcode: number }).Errcode).toBe(0);
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('poster-editor')).toBeVisible({ timeout: 20_000 });
  const reloaded = canvasElement(page, 'Text: Hello poster');
  await expect(reloaded).toHaveAttribute('data-x', String(start.x + 10));
  await expect(reloaded).toHaveAttribute('data-y', String(start.y + 1));
  await expect(canvasElement(page, 'Image')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export PNG' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${name.replaceAll(' ', '-')}-750x1334.png`);
  const file = await readFile(await download.path());
  expect([...file.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(file.toString('ascii', 12, 16)).toBe('IHDR');
  expect([file.readUInt32BE(16), file.readUInt32BE(20)]).toEqual([750, 1334]);

  await page.goto(LIST);
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible({ timeout: 20_000 });
});
