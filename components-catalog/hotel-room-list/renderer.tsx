import { type CardBlock, CardList, type CardLook, MutedLine, STACKED } from '../card-list-kit';
import type { RoomRow } from '../data-rows';
import type { RendererProps } from '../renderer-kit';
import { BRAND, Price } from '../renderer-kit';
import type { Props } from './definition';

const LOOK = { ...STACKED, text: { gap: 4 }, title: { size: 15, bold: true, lines: 1 } } as const;
const LIST: CardLook = { ...LOOK, image: { width: 96, height: 80, radius: 4 } };
const CARD: CardLook = { ...LOOK, direction: 'column', image: { width: '100%', height: 160, radius: 4 } };

const TAG = { fontSize: 10, color: '#2f7df6', background: '#edf4ff', padding: '0 4px', borderRadius: 2 };
const FOOT = { display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginTop: 'auto' };
const BOOK = { fontSize: 12, color: '#fff', background: BRAND, borderRadius: 4, padding: '3px 10px' };

const BLOCK: CardBlock<Props, RoomRow> = {
  emptyId: () => 'render.room.none',
  look: (props) => (props.layout === 'card' ? CARD : LIST),
  toCard: (room, props, t) => ({
    title: room.name,
    body: (
      <>
        <MutedLine>{[room.area, room.bed].filter(Boolean).join(' · ')}</MutedLine>
        {props.showTags && room.tags.length > 0 ? (
          <div style={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
            {room.tags.map((tag) => (
              <span key={tag} style={TAG}>
                {tag}
              </span>
            ))}
          </div>
        ) : null}
        <div style={FOOT}>
          {props.showPrice ? <Price fen={room.price} /> : <span />}
          <span style={BOOK}>{props.bookText || t('render.room.book')}</span>
        </div>
      </>
    ),
  }),
};

export function HotelRoomListBlock(renderer: RendererProps<Props, RoomRow>) {
  return <CardList {...renderer} block={BLOCK} />;
}
