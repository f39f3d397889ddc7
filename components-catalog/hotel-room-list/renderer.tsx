import { type Card, CardList, type CardLook, type Translate } from '../card-list-kit';
import type { RoomRow } from '../data-rows';
import { BRAND, MUTED, Price, type RendererProps } from '../renderer-kit';
import type { Props } from './definition';

const LIST: CardLook = {
  direction: 'row',
  gap: 10,
  separated: true,
  card: { padding: 12 },
  image: { width: 96, height: 80, radius: 4 },
  text: { gap: 4 },
  title: { size: 15, bold: true, lines: 1 },
};

const CARD: CardLook = { ...LIST, direction: 'column', image: { width: '100%', height: 160, radius: 4 } };

function roomCard(room: RoomRow, props: Props, t: Translate): Card {
  return {
    id: room.id,
    image: room.image,
    title: room.name,
    body: (
      <>
        <div style={{ fontSize: 11, color: MUTED }}>{[room.area, room.bed].filter(Boolean).join(' · ')}</div>
        {props.showTags && room.tags.length > 0 ? (
          <div style={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
            {room.tags.map((tag) => (
              <span
                key={tag}
                style={{
                  fontSize: 10,
                  color: '#2f7df6',
                  background: '#edf4ff',
                  padding: '0 4px',
                  borderRadius: 2,
                }}
              >
                {tag}
              </span>
            ))}
          </div>
        ) : null}
        <div
          style={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            marginTop: 'auto',
          }}
        >
          {props.showPrice ? <Price fen={room.price} /> : <span />}
          <span
            style={{ fontSize: 12, color: '#fff', background: BRAND, borderRadius: 4, padding: '3px 10px' }}
          >
            {props.bookText || t('render.room.book')}
          </span>
        </div>
      </>
    ),
  };
}

export function HotelRoomListBlock({ props, data, context }: RendererProps<Props, RoomRow>) {
  return (
    <CardList
      props={props}
      rows={data}
      context={context}
      emptyId="render.room.none"
      look={props.layout === 'card' ? CARD : LIST}
      toCard={roomCard}
    />
  );
}
