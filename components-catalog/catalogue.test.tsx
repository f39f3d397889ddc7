// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { SHOP_TYPES, ShopType } from '../contract/enums';
import type { LinkKind } from '../contract/link-targets';
import type { LinkValue } from '../contract/link-value';
import type { AnyBlockDefinition } from './block-definition';
import type { DataSource } from './data-rows';
import { type Field, fieldMessageKeys, isVisible } from './field-kit';
import { en } from './i18n/en';
import { zh } from './i18n/zh';
import { BLOCK_DEFINITIONS } from './registry';
import type { RenderMode } from './renderer-kit';
import { BLOCK_RENDERERS, rendererOf } from './renderers';

afterEach(cleanup);

const here = path.dirname(fileURLToPath(import.meta.url));
const NOW = Date.parse('2025-06-01T10:00:00Z');

function renderInPhone(element: ReactElement, messages: Record<string, string> = zh) {
  return render(
    <IntlProvider
      locale="zh"
      messages={messages}
      onError={(error) => {
        throw error;
      }}
    >
      {element}
    </IntlProvider>,
  );
}

/** A complete link of each kind a block field may ask for. */
const sampleLinks: Partial<Record<LinkKind, LinkValue>> = {
  customPage: { linkType: 2, id: 'page_about', linkTitle: '关于我们' },
  navigate: { linkType: 3, linkUrl: '/pages/cart/index' },
  phone: { linkType: 4, tel: '13812345678' },
  product: { linkType: 9, id: 101, linkTitle: '保温杯', shpName: '保温杯', shpPrice: 5900 },
  category: { linkType: 10, id: 7, linkTitle: '家居' },
  coupon: { linkType: 21, id: 31, linkTitle: '满100减10' },
  store: { linkType: 22, id: 41, linkTitle: '旗舰店' },
  seckill: { linkType: 13, id: 51, linkTitle: '秒杀', shpName: '茶具', shpPrice: 100 },
  groupBuy: { linkType: 12, id: 52, linkTitle: '拼团', shpName: '茶具', shpPrice: 100 },
  bargain: { linkType: 25, id: 53, linkTitle: '砍价', shpName: '茶具', shpPrice: 100 },
  pointsProduct: { linkType: 26, id: 54, linkTitle: '积分', shpName: '抱枕', shpPrice: 500 },
  news: { linkType: 14, id: 61, linkTitle: '公告' },
  column: { linkType: 15, id: 62, linkTitle: '新闻' },
  course: { linkType: 17, id: 71, linkTitle: '钢琴' },
  hotel: { linkType: 19, id: 72, linkTitle: '湖景酒店' },
  bookingForm: { linkType: 16, id: 73, linkTitle: '预约' },
  liveRoom: { linkType: 27, id: 74, linkTitle: '直播' },
  vote: { linkType: 28, id: 75, linkTitle: '投票' },
  activity: { linkType: 11, id: 76, linkTitle: '大转盘' },
};

function sampleLink(kinds: readonly LinkKind[] | undefined): LinkValue {
  const kind = kinds?.[0] ?? 'phone';
  const link = sampleLinks[kind];
  if (!link) throw new Error(`no sample link of kind ${kind}`);
  return link;
}

/** The props with every visible field filled in with something valid, through lists. */
function fill(
  fields: readonly Field[],
  record: Record<string, unknown>,
  root?: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...record };
  const top = root ?? out;
  for (const field of fields) {
    if (!isVisible(field, out, top)) continue;
    switch (field.kind) {
      case 'text':
      case 'textarea':
        if (field.required) out[field.name] = 'x';
        break;
      case 'richText':
        out[field.name] = '<p>内容</p>';
        break;
      case 'image':
        out[field.name] = '/uploads/sample.png';
        break;
      case 'video':
        out[field.name] = 'https://video.example.com/a.mp4';
        break;
      case 'link':
        out[field.name] = sampleLink(field.kinds);
        break;
      case 'links':
        out[field.name] = [sampleLink(field.kinds)];
        break;
      case 'list': {
        const items = (out[field.name] as Record<string, unknown>[]).slice();
        while (items.length < Math.max(field.min, 1) && items.length < field.max) items.push(field.newItem());
        out[field.name] = items.map((item) => fill(field.fields, item, top));
        break;
      }
      default:
        break;
    }
  }
  return out;
}

/** Paths of the visible required fields and images of filled props. */
function requiredPaths(
  fields: readonly Field[],
  record: Record<string, unknown>,
  base = '',
  root?: Record<string, unknown>,
): { path: string; image: boolean }[] {
  const top = root ?? record;
  return fields.flatMap((field) => {
    if (!isVisible(field, record, top)) return [];
    const at = base ? `${base}.${field.name}` : field.name;
    if (field.kind === 'list') {
      const items = record[field.name] as Record<string, unknown>[];
      return items.flatMap((item, index) => requiredPaths(field.fields, item, `${at}.${index}`, top));
    }
    return field.required ? [{ path: at, image: field.kind === 'image' }] : [];
  });
}

function setPath(record: Record<string, unknown>, at: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = at.split('.');
  const copy: Record<string, unknown> | unknown[] = Array.isArray(record) ? [...record] : { ...record };
  const key = head as string;
  (copy as Record<string, unknown>)[key] =
    rest.length === 0
      ? value
      : setPath((record as Record<string, unknown>)[key] as Record<string, unknown>, rest.join('.'), value);
  return copy as Record<string, unknown>;
}

function blankFor(value: unknown): unknown {
  if (Array.isArray(value)) return [];
  if (value && typeof value === 'object') return { linkType: 0 };
  return '';
}

function getPath(record: unknown, at: string): unknown {
  return at.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], record);
}

/** Props that put a block whose live rows are one of its modes (the notice: typed or running) in that mode. */
const DATA_MODE: Readonly<Record<string, Record<string, unknown>>> = { notice: { source: 'running' } };

/** Live rows of each data source, as the server would send them. */
const sampleRows: Record<DataSource, Record<string, unknown>[]> = {
  products: [{ id: 101, name: '不锈钢保温杯', image: '', price: 5900, originalPrice: 7900, sales: 12 }],
  coupons: [
    { id: 31, name: '新人券', type: 'amount', value: 1000, threshold: 10000, validText: '7天内有效' },
  ],
  seckill: [
    {
      id: 51,
      name: '秒杀茶具',
      image: '',
      price: 100,
      originalPrice: 9900,
      endsAt: '2025-06-01T11:00:00Z',
      soldPercent: 40,
    },
  ],
  groupBuy: [{ id: 52, name: '拼团茶具', image: '', price: 4900, groupSize: 3 }],
  bargain: [{ id: 53, name: '砍价茶杯', image: '', price: 3000, joined: 8 }],
  pointsProducts: [{ id: 54, name: '积分抱枕', image: '', points: 500, price: 0 }],
  news: [
    { id: 61, title: '开业公告', image: '', summary: '', publishedAt: '2025-05-30T08:00:00Z', views: 3 },
  ],
  stores: [
    {
      id: 41,
      name: '旗舰店',
      image: '',
      address: '上海市黄浦区',
      tel: '021-12345678',
      hours: '9:00-21:00',
      distanceMeters: 850,
    },
  ],
  courses: [{ id: 71, title: '钢琴入门', image: '', price: 0, lessons: 12, students: 30, teacher: '王老师' }],
  rooms: [{ id: 81, name: '湖景大床房', image: '', price: 48800, area: '35㎡', bed: '1.8m', tags: ['含早'] }],
  services: [{ id: 91, name: '精油按摩', image: '', price: 19800, minutes: 60, rating: 4.8, subtitle: '' }],
  technicians: [
    { id: 92, name: '李师傅', image: '', price: 0, minutes: 0, rating: 4.9, subtitle: '高级技师' },
  ],
  video: [{ url: '/api/Comm/GetTxVideoSandboxFile?vid=a0000000001', title: '', sandbox: true }],
  liveRooms: [
    { id: 74, name: '新品直播', cover: '', anchor: '店长', status: 'live', startsAt: '2025-06-01T09:00:00Z' },
  ],
  votes: [
    {
      id: 75,
      title: '最佳员工',
      image: '',
      options: [
        { text: '张三', votes: 3 },
        { text: '李四', votes: 1 },
      ],
      endsAt: '2025-07-01T00:00:00Z',
    },
  ],
  lotteries: [
    {
      id: 76,
      title: '大转盘',
      image: '',
      summary: '',
      state: 'notStarted',
      entryMode: 'points',
      pointsCost: 50,
      startsAt: '2025-06-02T00:00:00Z',
      endsAt: '2025-07-01T00:00:00Z',
    },
  ],
  notices: [{ id: 77, title: '春季上新全场包邮', content: '', mode: 'scroll' }],
  bookingForms: [
    { id: 73, title: '到店体验预约', image: '', summary: '选择门店和时段', state: 'ended', price: 'free' },
  ],
};

/** The text each source's first row shows. */
function rowText(row: Record<string, unknown>): string {
  return String(row.name ?? row.title);
}

function renderBlock(
  definition: AnyBlockDefinition,
  props: Record<string, unknown>,
  data?: readonly unknown[],
  { mode = 'editing', messages = zh }: { mode?: RenderMode; messages?: Record<string, string> } = {},
) {
  const Renderer = rendererOf(definition.type)!;
  return renderInPhone(
    <Renderer
      props={props as never}
      data={data as never}
      context={{ mode, shopType: ShopType.mall, now: NOW }}
    />,
    messages,
  );
}

/** Texts addressed to the designer (what to pick or type), which visitors must never see. */
const DESIGNER_HINTS = Object.keys(en).filter(
  (key) =>
    /^render\.\w+\.(?:choose\w*|none|noRows|noTechnicians)$/.test(key) ||
    ['render.title.placeholder', 'render.notice.placeholder', 'render.richText.placeholder'].includes(key),
);
const HINT_MARK = '«hint»';
/** English texts with every designer hint marked, so a test can find any hint on the phone. */
const markedHints: Record<string, string> = {
  ...en,
  ...Object.fromEntries(DESIGNER_HINTS.map((key) => [key, `${HINT_MARK}${key}`])),
};

describe('designer hints', () => {
  it.each(['title', 'notice', 'richText', 'productList', 'vote'])('are drawn while editing: %s', (type) => {
    const definition = BLOCK_DEFINITIONS.find((entry) => entry.type === type)!;
    const editing = renderBlock(definition, definition.defaults(), [], { messages: markedHints });
    expect(editing.container.textContent).toContain(HINT_MARK);
  });
});

describe('the registry', () => {
  it('has at least 33 blocks with unique types, one folder each with a definition and a renderer', () => {
    expect(BLOCK_DEFINITIONS.length).toBeGreaterThanOrEqual(33);
    const types = BLOCK_DEFINITIONS.map((definition) => definition.type);
    expect(new Set(types).size).toBe(types.length);
    const folders = readdirSync(here, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'i18n')
      .map((entry) => entry.name);
    expect(folders.length).toBe(BLOCK_DEFINITIONS.length);
    for (const folder of folders) {
      const files = readdirSync(path.join(here, folder));
      expect(files, folder).toEqual(expect.arrayContaining(['definition.ts', 'renderer.tsx']));
    }
    expect(Object.keys(BLOCK_RENDERERS).sort()).toEqual([...types].sort());
  });

  it('covers every category and gives fixed parts a slot and page blocks none', () => {
    expect(new Set(BLOCK_DEFINITIONS.map((definition) => definition.category))).toEqual(
      new Set(['global', 'basic', 'media', 'commerce', 'user', 'vertical']),
    );
    const fixed = BLOCK_DEFINITIONS.filter((definition) => definition.placement === 'fixed');
    expect(fixed.map((definition) => definition.slot).sort()).toEqual([
      'floatingButton',
      'navigationBar',
      'popup',
      'tabBar',
    ]);
    for (const definition of BLOCK_DEFINITIONS) {
      if (definition.placement !== 'fixed') expect(definition.slot, definition.type).toBeUndefined();
      expect(definition.shopTypes.length, definition.type).toBeGreaterThan(0);
      for (const shopType of definition.shopTypes) expect(SHOP_TYPES).toContain(shopType);
    }
  });

  it('keeps definitions free of React, so the server can load the registry', () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(/from 'react(-dom|-intl)?'/);
      for (const match of text.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
        const target = path.resolve(path.dirname(file), match[1]!);
        expect(readdirSync(path.dirname(target)), `${file} imports a .tsx file`).not.toContain(
          `${path.basename(target)}.tsx`,
        );
        visit(`${target}.ts`);
      }
    };
    visit(path.join(here, 'registry.ts'));
    expect(seen.size).toBeGreaterThan(BLOCK_DEFINITIONS.length);
  });

  it('offers every shop type a usable set of page blocks', () => {
    for (const shopType of SHOP_TYPES) {
      const usable = BLOCK_DEFINITIONS.filter(
        (definition) => definition.placement === 'page' && definition.shopTypes.includes(shopType),
      );
      expect(usable.length, `shop type ${shopType}`).toBeGreaterThanOrEqual(15);
    }
  });
});

describe('catalogue texts', () => {
  it('has the same keys in Chinese and English, none empty', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) expect(text.trim(), key).not.toBe('');
    for (const [key, text] of Object.entries(zh)) expect(text.trim(), key).not.toBe('');
  });

  it('has every label, option and hint the definitions use', () => {
    for (const definition of BLOCK_DEFINITIONS) {
      for (const key of [
        definition.label,
        `category.${definition.category}`,
        ...fieldMessageKeys(definition.fields),
      ]) {
        expect(en[key], `${definition.type}: ${key}`).toBeDefined();
      }
    }
  });

  it('has every render and problem key the sources mention', () => {
    const sources = readdirSync(here, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.(ts|tsx)$/.test(file) && !file.includes('.test.') && !file.startsWith('i18n'),
    );
    const keys = new Set<string>();
    for (const file of sources) {
      const text = readFileSync(path.join(here, file), 'utf8');
      for (const match of text.matchAll(/['"]((?:render|problem|hint)\.[A-Za-z.]+)['"]/g))
        keys.add(match[1]!);
    }
    expect(keys.size).toBeGreaterThan(80);
    for (const key of keys) expect(en[key], key).toBeDefined();
  });
});

describe.each(BLOCK_DEFINITIONS.map((definition) => [definition.type, definition] as const))(
  '%s',
  (_type, definition) => {
    it('has defaults that its schema accepts unchanged', () => {
      const defaults = definition.defaults();
      const parsed = definition.schema.safeParse(defaults);
      expect(parsed.success).toBe(true);
      expect(parsed.data).toEqual(defaults);
      // Factories: two blocks never share an object.
      expect(definition.defaults()).not.toBe(defaults);
    });

    it('renders its defaults on the phone in both languages', () => {
      const { container } = renderBlock(definition, definition.defaults());
      expect(container.firstElementChild).not.toBeNull();
      cleanup();
      const Renderer = rendererOf(definition.type)!;
      const english = render(
        <IntlProvider
          locale="en"
          messages={en}
          onError={(error) => {
            throw error;
          }}
        >
          <Renderer
            props={definition.defaults() as never}
            context={{ mode: 'editing', shopType: ShopType.mall, now: NOW }}
          />
        </IntlProvider>,
      );
      expect(english.container.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    });

    it('shows visitors no designer hint with its defaults', () => {
      const preview = renderBlock(definition, definition.defaults(), [], {
        mode: 'preview',
        messages: markedHints,
      });
      expect(preview.container.textContent).not.toContain(HINT_MARK);
      expect(preview.container.querySelector('[data-placeholder="rows"]')).toBeNull();
    });

    it('when filled in, has no problems and lists the links it holds', () => {
      const filled = fill(definition.fields, definition.defaults());
      const parsed = definition.schema.safeParse(filled);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      expect(definition.validate(filled)).toEqual([]);
      const links = definition.links(filled);
      for (const found of links) expect(getPath(filled, found.path)).toEqual(found.link);
      const expected = JSON.stringify(filled).match(/"linkType":[1-9]\d*/g)?.length ?? 0;
      expect(links.length).toBe(expected);
    });

    it('reports each required field and image left empty, at its path', () => {
      const filled = fill(definition.fields, definition.defaults());
      for (const { path: at, image } of requiredPaths(definition.fields, filled)) {
        const blanked = setPath(filled, at, blankFor(getPath(filled, at)));
        const problems = definition.validate(blanked);
        expect(problems, at).toContainEqual(
          expect.objectContaining({ path: at, kind: image ? 'missingImage' : 'emptyRequired' }),
        );
      }
    });

    // The video block's one "row" is a player, not a list with a placeholder: video/video.test.tsx.
    if (definition.data && definition.type !== 'video') {
      it('asks for live rows and draws them, or a placeholder without them', () => {
        const filled = fill(definition.fields, { ...definition.defaults(), ...DATA_MODE[definition.type] });
        const request = definition.data!(filled);
        expect(request).not.toBeNull();
        const rows = sampleRows[request!.source];
        const { container } = renderBlock(definition, filled, rows);
        expect(container.textContent).toContain(rowText(rows[0]!));
        expect(container.querySelector('[data-placeholder="rows"]')).toBeNull();
        cleanup();
        const empty = renderBlock(definition, filled, []);
        expect(empty.container.querySelector('[data-placeholder="rows"]')).not.toBeNull();
      });
    }
  },
);
