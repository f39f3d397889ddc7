import { expect, test } from './fixtures';

/** Issue 14 §6: English sidebar titles show whole ("Added-value services", not "Added-value ser…"). */

test('every top-level sidebar title shows whole in English', async ({ page, signInByApi }) => {
  await signInByApi(page, 'admin');
  await page.goto('/dashboard');
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByRole('button', { name: 'Added-value services' })).toBeVisible();
  const cut = await sidebar.evaluate((root) =>
    [...root.querySelectorAll('a span, button span')]
      .filter((span) => span.children.length === 0 && (span.textContent ?? '').trim() !== '')
      .filter((span) => span.scrollWidth > span.clientWidth || span.scrollHeight > span.clientHeight)
      .map((span) => span.textContent),
  );
  expect(cut).toEqual([]);
});
