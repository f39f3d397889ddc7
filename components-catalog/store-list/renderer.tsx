import { type CardBlock, CardList, type CardLook, STACKED } from '../card-list-kit';
import type { StoreRow } from '../data-rows';
import type { RendererProps } from '../renderer-kit';
import { ellipsis, MUTED } from '../renderer-kit';
import type { Props } from './definition';

function distance(meters: number): string {
  return meters < 1000 ? `${Math.round(meters)}m` : `${(meters / 1000).toFixed(1)}km`;
}

const TEXT = { fontSize: 12, color: MUTED, gap: 4 };
const TITLE = { size: 15, bold: true, lines: 1 };
const LIST: CardLook = {
  ...STACKED,
  blockPadding: 0,
  card: { padding: 12, overflow: 'hidden' },
  image: { width: 72, height: 72, radius: 4 },
  text: TEXT,
  title: TITLE,
};
// Cards stand apart, so no hairline: a shadow around each and the picture full width on top.
const CARD: CardLook = {
  direction: 'column',
  gap: 10,
  blockPadding: 8,
  card: { marginBottom: 8, borderRadius: 6, overflow: 'hidden', boxShadow: '0 1px 4px rgba(0,0,0,.08)' },
  image: { width: '100%', height: 130, radius: 0 },
  text: { ...TEXT, padding: '0 10px 10px' },
  title: TITLE,
};
const ADDRESS = ellipsis(1);

const BLOCK: CardBlock<Props, StoreRow> = {
  emptyId: (props) => (props.source === 'manual' ? 'render.store.chooseMany' : 'render.store.none'),
  look: (props) => (props.layout === 'card' ? CARD : LIST),
  toCard: (store, props, t) => ({
    title: store.name,
    aside:
      props.showDistance && store.distanceMeters !== undefined ? (
        <span>{distance(store.distanceMeters)}</span>
      ) : null,
    body: (
      <>
        <span style={ADDRESS}>{store.address}</span>
        {store.hours ? <span>{t('render.store.hours', { hours: store.hours })}</span> : null}
      </>
    ),
  }),
};

export function StoreListBlock(renderer: RendererProps<Props, StoreRow>) {
  return <CardList {...renderer} block={BLOCK} />;
}
