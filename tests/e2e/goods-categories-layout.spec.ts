import { expect, test } from './fixtures';

/** Issue 14 §6: the categories' counts and buttons line up in columns, whatever a row lacks. */

test('every category row puts its count and its Rename button at the same place', async ({
  page,
  signInByApi,
}) => {
  await signInByApi(page, 'admin');
  await page.goto('/goods/goodsClassify');
  const tree = page.getByRole('tree', { name: 'Categories' });
  await expect(tree.getByRole('treeitem').first()).toBeVisible({ timeout: 20_000 });
  const edges = await tree.evaluate((root) => {
    const rightOf = (element: Element | null) =>
      element ? Math.round(element.getBoundingClientRect().right) : null;
    return [...root.querySelectorAll('[role="treeitem"]')].map((item) => {
      const label = item.getAttribute('aria-label') ?? '';
      const rename = item.querySelector(`button[aria-label="Rename ${CSS.escape(label)}"]`);
      const count = [...item.querySelectorAll('span')].find((span) =>
        /^\d+ items?$/.test(span.textContent ?? ''),
      );
      return { rename: rightOf(rename), count: rightOf(count ?? null) };
    });
  });
  expect(edges.length).toBeGreaterThan(3);
  expect(new Set(edges.map((edge) => edge.rename)).size).toBe(1);
  expect(new Set(edges.map((edge) => edge.count)).size).toBe(1);
});
