// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { ShopType } from '../contract/enums';
import { type CardBlock, CardList, type CardLook, type Translate } from './card-list-kit';
import type { CourseRow } from './data-rows';
import { zh } from './i18n/zh';
import type { RenderContext } from './renderer-kit';
import { sampleRows } from './sample-rows';

afterEach(cleanup);

const NOW = Date.parse('2025-06-01T10:00:00Z');
const EDITING: RenderContext = { mode: 'editing', shopType: ShopType.mall, now: NOW };
const PREVIEW: RenderContext = { ...EDITING, mode: 'preview' };

interface Row {
  id: number;
  name: string;
  image: string;
  note: string;
}
interface Props {
  background: string;
  aside: boolean;
  look: CardLook;
}

const ROWS: Row[] = [
  { id: 7, name: 'Alpha', image: '/uploads/alpha.png', note: 'first note' },
  { id: 8, name: 'Beta', image: '', note: 'second note' },
  { id: 9, name: 'Gamma', image: '/uploads/gamma.png', note: 'third note' },
];

const BLOCK: CardBlock<Props, Row> = {
  emptyId: () => 'render.news.none',
  look: (props) => props.look,
  toCard: (row, props) => ({
    title: row.name,
    ...(props.aside ? { aside: <b>{`${row.id} m`}</b> } : {}),
    body: <p>{row.note}</p>,
  }),
};

const STACKED: CardLook = {
  direction: 'row',
  gap: 10,
  separated: true,
  card: { padding: 12 },
  image: { width: 96, height: 80, radius: 4 },
  text: { gap: 4 },
  title: { size: 15, bold: true, lines: 1 },
};
const GRID: CardLook = { ...STACKED, grid: { columns: 2, gap: 10 }, separated: false, direction: 'column' };
const IMAGE_LAST: CardLook = { ...STACKED, imageLast: true };
const TEXT_ONLY: CardLook = { ...STACKED, image: null };

function draw(
  look: CardLook,
  rows: readonly Row[] | undefined,
  { aside = false, context = EDITING }: { aside?: boolean; context?: RenderContext } = {},
) {
  return render(
    <IntlProvider locale="zh" messages={zh}>
      <CardList props={{ background: '', aside, look }} data={rows} context={context} block={BLOCK} />
    </IntlProvider>,
  );
}

const COURSES: CardBlock<{ background: string; look: CardLook }, CourseRow> = {
  emptyId: () => 'render.course.none',
  look: (props) => props.look,
  toCard: (row) => ({ title: row.title, body: null }),
};

const cardsOf = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('[data-row]')];

describe('CardList', () => {
  it('stacks one card a row, in order, with its title, image and body, a hairline between cards', () => {
    const { container } = draw(STACKED, ROWS);
    const cards = cardsOf(container);
    expect(cards.map((card) => card.dataset.row)).toEqual(['7', '8', '9']);
    expect(cards.map((card) => card.style.flexDirection)).toEqual(['row', 'row', 'row']);
    expect(cards[0]!.style.borderTop).toBe('');
    expect(cards[1]!.style.borderTop).toContain('solid');
    expect(screen.getByRole('img', { name: 'Alpha' }).getAttribute('src')).toBe('/uploads/alpha.png');
    expect(cards[1]!.querySelector('[data-placeholder="image"]')).not.toBeNull();
    expect(cards[2]!.textContent).toBe('Gammathird note');
    expect(cards[0]!.firstElementChild?.tagName).toBe('IMG');
    expect(container.querySelector('[style*="grid-template-columns"]')).toBeNull();
  });

  it('lays cards out in the look’s columns', () => {
    const { container } = draw(GRID, ROWS);
    const grid = container.querySelector<HTMLElement>('[style*="grid-template-columns"]');
    expect(grid?.style.gridTemplateColumns).toBe('repeat(2, minmax(0, 1fr))');
    expect(cardsOf(grid!)).toHaveLength(3);
    expect(
      cardsOf(grid!).every((card) => card.style.flexDirection === 'column' && card.style.borderTop === ''),
    ).toBe(true);
  });

  it('puts the image after the text, or leaves it out, as the look says', () => {
    const last = draw(IMAGE_LAST, ROWS);
    expect(cardsOf(last.container)[0]!.lastElementChild?.tagName).toBe('IMG');
    last.unmount();
    const { container } = draw(TEXT_ONLY, ROWS);
    expect(container.querySelector('img, [data-placeholder="image"]')).toBeNull();
    expect(cardsOf(container).map((card) => card.textContent)).toEqual([
      'Alphafirst note',
      'Betasecond note',
      'Gammathird note',
    ]);
  });

  it('draws the aside on the title’s line', () => {
    draw(STACKED, ROWS, { aside: true });
    const title = screen.getByText('Beta');
    expect(title.tagName).toBe('SPAN');
    expect(title.parentElement?.textContent).toBe('Beta8 m');
  });

  it('while editing shows the empty state’s hint in place of cards', () => {
    for (const rows of [undefined, []]) {
      const { container, unmount } = draw(STACKED, rows);
      expect(container.querySelector('[data-placeholder="rows"]')?.textContent).toBe(zh['render.news.none']);
      expect(cardsOf(container)).toHaveLength(0);
      unmount();
    }
  });

  it('draws nothing for visitors when there are no rows', () => {
    const { container } = draw(STACKED, [], { context: PREVIEW });
    expect(container.querySelector('[data-placeholder="rows"]')).toBeNull();
    expect(container.textContent).toBe('');
  });

  it('draws the canvas’s sample rows as cards, each marked as a sample by its title', () => {
    const t: Translate = (id, values) =>
      Object.entries(values ?? {}).reduce(
        (text, [name, value]) => text.replace(`{${name}}`, String(value)),
        zh[id]!,
      );
    const courses = sampleRows('courses', t, NOW) as CourseRow[];
    const { container } = render(
      <IntlProvider locale="zh" messages={zh}>
        <CardList props={{ background: '', look: GRID }} data={courses} context={EDITING} block={COURSES} />
      </IntlProvider>,
    );
    const cards = cardsOf(container);
    expect(cards.map((card) => card.dataset.row)).toEqual(['-1', '-2', '-3']);
    expect(cards.every((card) => card.textContent?.includes('示例'))).toBe(true);
    expect(container.querySelector('[data-placeholder="rows"]')).toBeNull();
  });
});
