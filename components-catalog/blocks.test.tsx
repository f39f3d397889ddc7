// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { ShopType } from '../contract/enums';
import { definition as carousel } from './carousel/definition';
import { CouponBlock } from './coupon/renderer';
import { definition as hotZone } from './hot-zone/definition';
import { zh } from './i18n/zh';
import { type Props as ImageAdProps, definition as imageAd } from './image-ad/definition';
import { ImageAdBlock } from './image-ad/renderer';
import { blankCell, definition as magicCube } from './magic-cube/definition';
import { cellsForLayout, cubeGrid, customCellProblems } from './magic-cube/layout';
import { MagicCubeBlock } from './magic-cube/renderer';
import { NavigationBarBlock } from './navigation-bar/renderer';
import { definition as productList } from './product-list/definition';
import { formatFen, Picture, type RenderContext, safeImageSrc, safeUrl, timeLeft } from './renderer-kit';
import { type Props as RichTextProps, definition as richText } from './rich-text/definition';
import { RichTextBlock } from './rich-text/renderer';
import { sanitizeRichText } from './rich-text/sanitize';
import { SeckillBlock } from './seckill/renderer';
import { definition as tabBar } from './tab-bar/definition';
import { type Props as TitleProps, definition as titleDefinition } from './title/definition';
import { TitleBlock } from './title/renderer';
import { videoUrlProblem } from './video/definition';

afterEach(cleanup);

const NOW = Date.parse('2025-06-01T10:00:00Z');
const context: RenderContext = { mode: 'editing', shopType: ShopType.mall, now: NOW };

function phone(element: React.ReactElement) {
  return render(
    <IntlProvider locale="zh" messages={zh}>
      {element}
    </IntlProvider>,
  );
}

describe('renderer kit', () => {
  it.each([
    ['https://cdn.example.com/a.png', 'https://cdn.example.com/a.png'],
    ['/uploads/1/a.png', '/uploads/1/a.png'],
    ['javascript:alert(1)', ''],
    ['//evil.example/a.png', ''],
    ['data:image/png;base64,AAAA', ''],
    ['https://x.example/a.png") ; background: url("https://evil', ''],
    ['', ''],
  ])('safeUrl(%s) = %s', (input, output) => {
    expect(safeUrl(input)).toBe(output);
  });

  it.each([
    ['data:image/svg+xml,%3Csvg%3E%3C/svg%3E', 'data:image/svg+xml,%3Csvg%3E%3C/svg%3E'],
    ['data:image/png;base64,AAAA', 'data:image/png;base64,AAAA'],
    ['data:text/html,<script>alert(1)</script>', ''],
    ['javascript:alert(1)', ''],
    ['/uploads/a.png', '/uploads/a.png'],
  ])('safeImageSrc(%s) = %s', (input, output) => {
    expect(safeImageSrc(input)).toBe(output);
  });

  it.each([
    [5900, '59'],
    [5950, '59.50'],
    [1, '0.01'],
    [0, '0'],
  ])('formatFen(%i) = %s', (fen, text) => {
    expect(formatFen(fen)).toBe(text);
  });

  it('counts down to a future end and stops at the end', () => {
    expect(timeLeft('2025-06-01T11:02:03Z', NOW)).toBe('01:02:03');
    expect(timeLeft('2025-06-01T09:00:00Z', NOW)).toBeNull();
    expect(timeLeft('not a date', NOW)).toBeNull();
  });
});

describe('carousel', () => {
  it('needs an image on each slide', () => {
    expect(carousel.validate(carousel.defaults())).toEqual([
      {
        kind: 'missingImage',
        path: 'items.0.image',
        messageKey: 'problem.missingImage',
        fieldLabel: 'field.image',
      },
    ]);
  });

  it('refuses an eleventh slide and a hostile interval', () => {
    const slide = { image: '/uploads/a.png', link: { linkType: 0 }, title: '' };
    expect(carousel.schema.safeParse({ ...carousel.defaults(), items: Array(11).fill(slide) }).success).toBe(
      false,
    );
    expect(carousel.schema.safeParse({ ...carousel.defaults(), interval: 10 }).success).toBe(false);
  });
});

describe('tab bar', () => {
  it('holds 2 to 5 tabs', () => {
    const tab = tabBar.defaults().items[0]!;
    expect(tabBar.schema.safeParse({ ...tabBar.defaults(), items: [tab] }).success).toBe(false);
    expect(tabBar.schema.safeParse({ ...tabBar.defaults(), items: Array(5).fill(tab) }).success).toBe(true);
    expect(tabBar.schema.safeParse({ ...tabBar.defaults(), items: Array(6).fill(tab) }).success).toBe(false);
  });

  it('only links tabs to pages of the mini-program', () => {
    const props = tabBar.defaults();
    props.items[0] = {
      ...props.items[0]!,
      text: '首页',
      icon: '/uploads/a.png',
      link: { linkType: 4, tel: '13812345678' },
    };
    expect(tabBar.validate(props)).toContainEqual(
      expect.objectContaining({ path: 'items.0.link', kind: 'invalidValue', messageKey: 'problem.linkKind' }),
    );
  });
});

describe('magic cube', () => {
  it.each([
    ['1x2', 2, 1, 2],
    ['2x1', 1, 2, 2],
    ['1+2', 2, 2, 3],
    ['2x2', 2, 2, 4],
  ] as const)('%s is %i×%i with %i cells', (layout, columns, rows, cells) => {
    const grid = cubeGrid(layout, 4);
    expect([grid.columns, grid.rows, grid.cells.length]).toEqual([columns, rows, cells]);
  });

  it('finds custom cells outside the grid or over another', () => {
    expect(
      customCellProblems(
        [
          { x: 0, y: 0, w: 2, h: 2 },
          { x: 2, y: 0, w: 2, h: 1 },
          { x: 1, y: 1, w: 2, h: 1 },
          { x: 3, y: 3, w: 2, h: 1 },
        ],
        4,
      ),
    ).toEqual([
      { index: 2, reason: 'overlap' },
      { index: 3, reason: 'outside' },
    ]);
  });

  it('keeps images and links when the layout changes', () => {
    const cells = [
      { ...blankCell(), image: '/uploads/a.png' },
      { ...blankCell(), image: '/uploads/b.png' },
    ];
    const next = cellsForLayout('1+2', 4, cells, blankCell);
    expect(next.map((cell) => [cell.image, cell.x, cell.y, cell.w, cell.h])).toEqual([
      ['/uploads/a.png', 0, 0, 1, 2],
      ['/uploads/b.png', 1, 0, 1, 1],
      ['', 1, 1, 1, 1],
    ]);
  });

  it('reports a cell count that does not fit the layout, and overlapping custom cells', () => {
    const props = { ...magicCube.defaults(), layout: '2x2' as const };
    expect(magicCube.validate(props)).toContainEqual(
      expect.objectContaining({ messageKey: 'problem.cubeCellCount', params: { count: 4 } }),
    );
    const custom = {
      ...magicCube.defaults(),
      layout: 'custom' as const,
      size: 3,
      cells: [
        { ...blankCell(), image: '/a.png', w: 2 },
        { ...blankCell(), image: '/b.png', x: 1 },
      ],
    };
    expect(magicCube.validate(custom)).toEqual([
      expect.objectContaining({
        path: 'cells.1',
        messageKey: 'problem.cubeCellOverlap',
        params: { index: 2, size: 3 },
      }),
    ]);
  });

  it('draws the big cell of 1+2 over two rows', () => {
    const props = {
      ...magicCube.defaults(),
      layout: '1+2' as const,
      cells: cellsForLayout('1+2', 4, [], blankCell),
    };
    const { container } = phone(<MagicCubeBlock props={props} context={context} />);
    const cells = container.querySelectorAll<HTMLElement>('[data-cell]');
    expect(cells).toHaveLength(3);
    expect(cells[0]!.style.gridRow).toBe('1 / span 2');
    expect(cells[2]!.style.gridColumn).toBe('2 / span 1');
  });
});

describe('hot zone', () => {
  it('needs zones inside the image and large enough to tap, each with a link', () => {
    const props = {
      ...hotZone.defaults(),
      image: '/uploads/poster.png',
      zones: [
        { x: 80, y: 10, w: 30, h: 10, link: { linkType: 3 as const, linkUrl: '/pages/cart/index' } },
        { x: 10, y: 10, w: 1, h: 10, link: { linkType: 3 as const, linkUrl: '/pages/cart/index' } },
        { x: 10, y: 50, w: 20, h: 20, link: { linkType: 0 as const } },
      ],
    };
    expect(hotZone.validate(props).map((problem) => [problem.path, problem.messageKey])).toEqual([
      ['zones.2.link', 'problem.emptyRequired'],
      ['zones.0', 'problem.zoneOutside'],
      ['zones.1', 'problem.zoneTooSmall'],
    ]);
    expect(hotZone.links(props).map((found) => found.path)).toEqual(['zones.0.link', 'zones.1.link']);
  });
});

describe('product list', () => {
  const product = (id: number) => ({
    linkType: 9 as const,
    id,
    linkTitle: `p${id}`,
    shpName: `p${id}`,
    shpPrice: 100,
  });

  it('asks for the chosen products in their order, a category, or a rule', () => {
    const base = productList.defaults();
    expect(productList.data!({ ...base, products: [product(3), product(1)] })).toEqual({
      source: 'products',
      ids: [3, 1],
      limit: 2,
    });
    expect(productList.data!(base)).toBeNull();
    expect(
      productList.data!({
        ...base,
        source: 'category',
        category: { linkType: 10, id: 7, linkTitle: '家居' },
        limit: 4,
      }),
    ).toEqual({ source: 'products', ids: [], filter: { categoryId: 7 }, limit: 4 });
    expect(productList.data!({ ...base, source: 'rule', rule: 'bestSelling' })).toEqual({
      source: 'products',
      ids: [],
      filter: { rule: 'bestSelling' },
      limit: 6,
    });
  });

  it('lists its chosen products as links so deleted goods can be found', () => {
    const props = { ...productList.defaults(), products: [product(3), product(1)] };
    expect(
      productList.links(props).map((found) => [found.path, 'id' in found.link ? found.link.id : null]),
    ).toEqual([
      ['products.0', 3],
      ['products.1', 1],
    ]);
    // Hidden when the source is a category: not a link of the block any more.
    expect(productList.links({ ...props, source: 'category' })).toEqual([]);
  });
});

describe('rich text', () => {
  it.each([
    ['<p>Hi<script>alert(1)</script></p>', '<p>Hi</p>'],
    ['<img src="x" onerror="alert(1)">', '<img>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<p><strong>Bold</strong> <em>it</em></p>', '<p><strong>Bold</strong> <em>it</em></p>'],
    ['<iframe src="https://evil.example"></iframe><p>ok</p>', '<p>ok</p>'],
    ['<img src="https://cdn.example.com/a.png">', '<img src="https://cdn.example.com/a.png">'],
    ['<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
    ['<p>Plain <b>bold</b><br/>line</p>', '<p>Plain <b>bold</b><br/>line</p>'],
    ['<p onclick="alert(1)">x</p>', '<p>x</p>'],
    ['<p>a</p><scr<script>ipt>alert(1)</script>', '<p>a</p>ipt&gt;alert(1)'],
    ['<p>x</p><img src=x onerror=alert(1)>', '<p>x</p><img>'],
    [
      '<div style="position:fixed;inset:0;z-index:99999;color:#c00;font-size:20px">x</div>',
      '<div style="color:#c00;font-size:20px">x</div>',
    ],
    ['<p style="margin-top:-500px;position:absolute">x</p>', '<p>x</p>'],
    [
      '<p class="overlay" style="text-align:center;padding:4px 8px">x</p>',
      '<p style="text-align:center;padding:4px 8px">x</p>',
    ],
  ])('%s → %s', (input, output) => {
    expect(sanitizeRichText(input)).toBe(output);
  });
});

describe('video', () => {
  it.each([
    ['https://video.example.com/a.mp4', false],
    ['/uploads/1/a.mp4', false],
    ['', false],
    ['http://video.example.com/a.mp4', true],
    ['javascript:alert(1)', true],
  ])('%s refused: %s', (url, refused) => {
    expect(videoUrlProblem(url)).toBe(refused);
  });
});

describe('navigation bar', () => {
  it('draws the WeChat capsule and keeps the title clear of it', () => {
    const { container, getByText } = phone(
      <NavigationBarBlock
        props={{
          mode: 'normal',
          title: '',
          titleAlign: 'center',
          frontColour: 'black',
          backgroundColor: '#ffffff',
          logo: '',
          showSearch: false,
          searchPlaceholder: '',
        }}
        context={context}
      />,
    );
    expect(container.querySelector('[data-part="capsule"]')).not.toBeNull();
    expect(getByText('页面标题')).toBeTruthy();
  });

  it('is transparent in immersive mode', () => {
    const { container } = phone(
      <NavigationBarBlock
        props={{
          mode: 'immersive',
          title: '首页',
          titleAlign: 'center',
          frontColour: 'white',
          backgroundColor: '#ff0000',
          logo: '',
          showSearch: false,
          searchPlaceholder: '',
        }}
        context={context}
      />,
    );
    const bar = container.querySelector<HTMLElement>('[data-mode="immersive"]')!;
    expect(bar.style.background).toBe('transparent');
  });
});

describe('commerce rows', () => {
  it('shows coupon values and thresholds in yuan', () => {
    const { container } = phone(
      <CouponBlock
        props={{
          source: 'auto',
          coupons: [],
          limit: 3,
          layout: 'row',
          colour: '#ff4444',
          spacing: { top: 0, bottom: 0, side: 0 },
          radius: 0,
          background: '',
        }}
        data={[
          { id: 1, name: '新人券', type: 'amount', value: 1000, threshold: 10000, validText: '' },
          {
            id: 2,
            name: '折扣券',
            type: 'discount',
            value: 85,
            threshold: 0,
            validText: '2026.11.01-2026.12.01',
          },
          {
            id: 3,
            name: '运费券',
            type: 'freeShipping',
            value: 0,
            threshold: 5900,
            validText: '',
            validDays: 7,
          },
        ]}
        context={context}
      />,
    );
    expect(container.textContent).toContain('¥10');
    expect(container.textContent).toContain('满100可用');
    expect(container.textContent).toContain('8.5折');
    expect(container.textContent).toContain('无门槛');
    expect(container.textContent).toContain('2026.11.01-2026.12.01');
    expect(container.querySelector('[data-row="3"]')?.textContent).toContain('包邮');
    expect(container.querySelector('[data-row="3"]')?.textContent).toContain('领取后7天内有效');
  });

  it('counts a seckill down to its nearest end', () => {
    const { container } = phone(
      <SeckillBlock
        props={{
          title: '',
          source: 'ongoing',
          items: [],
          limit: 4,
          layout: 'list',
          showOriginalPrice: true,
          showCountdown: true,
          showStock: true,
          spacing: { top: 0, bottom: 0, side: 0 },
          radius: 0,
          background: '',
        }}
        data={[
          { id: 1, name: 'A', image: '', price: 100, endsAt: '2025-06-01T12:00:00Z', soldPercent: 10 },
          { id: 2, name: 'B', image: '', price: 100, endsAt: '2025-06-01T10:30:00Z', soldPercent: 90 },
        ]}
        context={context}
      />,
    );
    expect(container.querySelector('[data-part="countdown"]')?.textContent).toBe('距结束 00:30:00');
    expect(container.textContent).toContain('已抢 90%');
  });
});

describe('title', () => {
  const title = (patch: Partial<TitleProps>) => {
    const props = { ...(titleDefinition.defaults() as TitleProps), text: 'Spring sale', ...patch };
    const { container } = phone(<TitleBlock props={props} context={context} />);
    return container.firstElementChild as HTMLElement;
  };

  it.each([
    ['the usual one', {}, { color: '', textAlign: '', background: '' }],
    [
      'in its own colour',
      { textColour: '#ff0000' },
      { color: 'rgb(255, 0, 0)', textAlign: '', background: '' },
    ],
    ['centred', { align: 'center' as const }, { color: '', textAlign: 'center', background: '' }],
    [
      'on its own background',
      { background: '#000000' },
      { color: '', textAlign: '', background: 'rgb(0, 0, 0)' },
    ],
  ])('draws a plain title as one line in one element: %s', (_name, patch, inline) => {
    const box = title(patch);
    expect(box.textContent).toBe('Spring sale');
    expect(box.children).toHaveLength(0);
    expect(box.className).toBe('block-box block-title block-title-medium');
    expect({
      color: box.style.color,
      textAlign: box.style.textAlign,
      background: box.style.background,
    }).toEqual(inline);
  });

  it.each([
    ['a sub-title', { subText: 'This week only' }],
    ['a "more" link', { showMore: true }],
    ['a bar', { style: 'bar' as const }],
  ])('lays a title with %s out in a row', (_name, patch) => {
    const box = title(patch);
    expect(box.className).toBe('block-box');
    expect(box.style.padding).toBe('10px 12px');
    expect(box.firstElementChild?.getAttribute('style')).toContain('display: flex');
    expect(box.textContent).toContain('Spring sale');
  });

  it('shows the hint in an empty title while editing', () => {
    expect(title({ text: '' }).textContent).toBe(zh['render.title.placeholder']);
  });
});

describe('pictures and paragraphs', () => {
  it.each([
    ['full width, natural height', { height: 'auto' as const }, 'block-picture', null],
    ['full width, fixed height', { height: 120 }, 'block-picture', 'height: 120px;'],
  ])('a usual picture takes its styles from the class: %s', (_name, size, className, style) => {
    const { container } = phone(<Picture src="/a.png" {...size} />);
    const image = container.querySelector('img')!;
    expect(image.className).toBe(className);
    expect(image.getAttribute('style')).toBe(style);
  });

  it.each([
    ['rounded', { radius: 4 }],
    ['contained', { fit: 'contain' as const }],
    ['narrower', { width: 80 }],
  ])('a %s picture keeps its own styles', (_name, shape) => {
    const { container } = phone(<Picture src="/a.png" height={100} {...shape} />);
    const image = container.querySelector('img')!;
    expect(image.className).toBe('');
    expect(image.style.display).toBe('block');
  });

  it('an image ad of one picture draws it in its box without a grid', () => {
    const props = {
      ...(imageAd.defaults() as ImageAdProps),
      items: [{ image: '/a.png', link: { linkType: 0 as const } }],
    };
    const { container } = phone(<ImageAdBlock props={props} context={context} />);
    expect(container.querySelector('[style*="grid"]')).toBeNull();
    expect(container.querySelector('.block-box > img.block-picture')).not.toBeNull();
  });

  it('a paragraph block holds its sanitised HTML itself', () => {
    const props = { ...(richText.defaults() as RichTextProps), html: '<p>One</p><p>Two</p>' };
    const { container } = phone(<RichTextBlock props={props} context={context} />);
    const box = container.firstElementChild as HTMLElement;
    expect(box.className).toBe('block-box block-paragraphs');
    expect(box.innerHTML).toBe('<p>One</p><p>Two</p>');
  });
});
