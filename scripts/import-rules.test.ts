import { describe, expect, it } from 'vitest';
import { checkImports, importSpecifiers, resolveImport } from './check-imports';
import { type ImportKind, importViolation } from './import-rules';

const allowed: Array<[string, string, ImportKind?]> = [
  ['contract/endpoints/order.ts', 'contract/enums.ts'],
  ['components-catalog/notice/renderer.tsx', 'components-catalog/renderer-kit.tsx'],
  ['components-catalog/notice/definition.ts', 'contract/link-value.ts'],
  ['editor/studio/studio-page.tsx', 'components-catalog/registry.ts'],
  ['editor/studio/studio-page.tsx', 'src/lib/notify.ts'],
  ['admin/goods/goods-list-page.tsx', 'admin/core/resource-list.tsx'],
  ['admin/goods/goods-list-page.tsx', 'admin/goods/i18n/zh.ts'],
  ['admin/core/resource-list.tsx', 'src/lib/file-download.ts'],
  ['server/areas/order/lists.ts', 'server/areas/product/tables.ts'],
  ['server/areas/order/lists.ts', 'server/areas/storefront/service.ts'],
  ['server/areas/order/lists.ts', 'server/areas/order/stock.ts'],
  ['server/routes.ts', 'server/areas/order/routes.ts'],
  ['server/areas/module-library/preview.ts', 'components-catalog/registry.ts'],
  ['src/lib/notify.ts', 'src/stores/dialog-store.ts'],
  ['src/shell/layout.tsx', 'src/stores/session-store.ts'],
  ['src/app/router.tsx', 'editor/preview/preview-page.tsx', 'dynamic'],
  ['admin/core/i18n/catalogue.test.ts', 'admin/goods/i18n/en.ts'],
  ['tests/e2e/studio.spec.ts', 'server/areas/order/stock.ts'],
  ['bench/studio/studio-main.tsx', 'src/app/system.ts'],
];

const refused: Array<[string, string, string, ImportKind?]> = [
  ['contract/enums.ts', 'server/config.ts', 'contract/ may import only contract'],
  ['admin/goods/goods-list-page.tsx', 'admin/orders/order-list-page.tsx', 'admin/goods may import only'],
  ['admin/goods/goods-list-page.tsx', 'src/stores/session-store.ts', 'admin/goods may import only'],
  ['admin/core/resource-list.tsx', 'admin/goods/i18n/zh.ts', 'admin/core may import only'],
  ['editor/smart-form/submissions-view.tsx', 'admin/core/resource-list.tsx', 'editor/ may import only'],
  ['editor/studio/studio-page.tsx', 'src/app/toaster.tsx', 'editor/ may import only'],
  ['server/areas/module-library/routes.ts', 'editor/codec/codec.ts', 'server may import only'],
  [
    'server/areas/order/lists.ts',
    'server/areas/customer/wallet.ts',
    'only through its tables.ts or service.ts',
  ],
  ['server/areas/module-library/preview.ts', 'components-catalog/notice/renderer.tsx', 'never a renderer'],
  ['server/areas/module-library/preview.ts', 'components-catalog/renderers.ts', 'never a renderer'],
  ['components-catalog/registry.ts', 'components-catalog/notice/renderer.tsx', 'must not import a renderer'],
  ['components-catalog/notice/definition.ts', 'src/lib/format.ts', 'components-catalog/ may import only'],
  ['src/lib/session.ts', 'src/shell/layout.tsx', 'src/lib may import only'],
  ['src/app/router.tsx', 'admin/goods/goods-list-page.tsx', 'the shell (src/) statically', 'static'],
];

describe('importViolation', () => {
  it.each(allowed)('lets %s import %s', (from, to, kind = 'static') => {
    expect(importViolation({ from, to, kind })).toBeNull();
  });

  it.each(refused)('refuses %s importing %s', (from, to, reason, kind = 'static') => {
    expect(importViolation({ from, to, kind })).toContain(reason);
  });
});

describe('importSpecifiers', () => {
  it('finds imports, type imports, re-exports and literal dynamic imports, and skips computed ones', () => {
    const source = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      "export { c } from './c';",
      "export * from './d';",
      'const Page = lazy(() => import("./page"));',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a computed import
      'const name = "x"; void import(`./pages/${name}`);',
      'const el = <div>{"import(\'./not-code\')"}</div>;',
    ].join('\n');
    expect(importSpecifiers('admin/goods/x.tsx', source)).toEqual([
      { value: './a', kind: 'static' },
      { value: '../b', kind: 'static' },
      { value: './c', kind: 'static' },
      { value: './d', kind: 'static' },
      { value: './page', kind: 'dynamic' },
    ]);
  });
});

describe('resolveImport', () => {
  const tracked = new Set(['admin/core/resource-list.tsx', 'src/lib/http.ts', 'contract/endpoints/index.ts']);
  it.each([
    ['admin/goods/page.tsx', '../core/resource-list', 'admin/core/resource-list.tsx'],
    ['admin/goods/page.tsx', '../../src/lib/http', 'src/lib/http.ts'],
    ['admin/goods/page.tsx', '../../contract/endpoints', 'contract/endpoints/index.ts'],
    ['admin/goods/page.tsx', './style.css', 'admin/goods/style.css'],
  ])('resolves %s -> %s', (from, specifier, expected) => {
    expect(resolveImport(from, specifier, tracked)).toBe(expected);
  });

  it('leaves package imports alone', () => {
    expect(resolveImport('admin/goods/page.tsx', 'react', tracked)).toBeNull();
  });
});

describe('checkImports', () => {
  const files = new Map([
    [
      'admin/goods/goods-page.tsx',
      "import { OrderList } from '../orders/order-list';\nexport const x = OrderList;",
    ],
    [
      'admin/orders/order-list.tsx',
      "import { http } from '../../src/lib/http';\nexport const OrderList = http;",
    ],
    ['src/lib/http.ts', 'export const http = 1;'],
  ]);

  it('reports a deliberately bad import between two admin modules', () => {
    const { violations } = checkImports(files, []);
    expect(violations).toEqual([
      {
        from: 'admin/goods/goods-page.tsx',
        to: 'admin/orders/order-list.tsx',
        kind: 'static',
        reason: 'admin/goods may import only contract, src/lib, admin/core, admin/goods',
      },
    ]);
  });

  it('accepts a listed exception and reports exceptions that match nothing', () => {
    const listed = {
      from: 'admin/goods/goods-page.tsx',
      to: 'admin/orders/order-list.tsx',
      reason: 'issue 13',
    };
    const stale = { from: 'admin/goods/gone.tsx', to: 'admin/orders/order-list.tsx', reason: 'issue 13' };
    const result = checkImports(files, [listed, stale]);
    expect(result.violations).toEqual([]);
    expect(result.unusedExceptions).toEqual([stale]);
  });
});
