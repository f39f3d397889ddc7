// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { ShopType } from '../contract/enums';
import { zh } from './i18n/zh';
import { BLOCK_DEFINITIONS } from './registry';
import { rendererOf } from './renderers';
import { sampleRows } from './sample-rows';

afterEach(cleanup);

const NOW = Date.parse('2025-06-01T10:00:00Z');
const t = (id: string, values?: Record<string, string | number>) =>
  Object.entries(values ?? {}).reduce(
    (text, [name, value]) => text.replace(`{${name}}`, String(value)),
    zh[id]!,
  );

// The video block has no sample: its poster stands until its link resolves (video/video.test.tsx).
const dataBlocks = BLOCK_DEFINITIONS.filter((definition) => definition.data && definition.type !== 'video');
/** The notice block draws live rows only when set to the shop's running notices. */
const DATA_MODE: Readonly<Record<string, Record<string, unknown>>> = { notice: { source: 'running' } };

describe.each(dataBlocks.map((definition) => [definition.type, definition] as const))(
  'samples of the %s block',
  (type, definition) => {
    it('declares the rows it draws and draws samples of them in place of its empty state', () => {
      const props = { ...definition.defaults(), ...DATA_MODE[type] };
      const source = definition.rows ?? definition.data!(props as never)?.source;
      expect(source).toBeDefined();
      const Renderer = rendererOf(type)!;
      const { container } = render(
        <IntlProvider locale="zh" messages={zh}>
          <Renderer
            props={props}
            data={sampleRows(source!, t, NOW)}
            context={{ mode: 'editing', shopType: definition.shopTypes[0] ?? ShopType.mall, now: NOW }}
          />
        </IntlProvider>,
      );
      expect(container.querySelector('[data-placeholder="rows"]')).toBeNull();
      expect(container.textContent).toContain('示例');
    });
  },
);
