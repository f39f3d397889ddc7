import type { RoomRow } from '../data-rows';
import {
  BlockBox,
  BORDER,
  BRAND,
  EmptyRows,
  ellipsis,
  MUTED,
  Picture,
  Price,
  type RendererProps,
  useText,
} from '../renderer-kit';
import type { Props } from './definition';

export function HotelRoomListBlock({ props, data, context }: RendererProps<Props, RoomRow>) {
  const t = useText();
  if (!data || data.length === 0) {
    return (
      <BlockBox box={props}>
        <EmptyRows context={context} messageId="render.room.none" />
      </BlockBox>
    );
  }
  const card = props.layout === 'card';
  return (
    <BlockBox box={props} style={{ background: props.background || '#ffffff' }}>
      {data.map((room, index) => (
        <div
          key={room.id}
          data-row={room.id}
          style={{
            display: 'flex',
            flexDirection: card ? 'column' : 'row',
            gap: 10,
            padding: 12,
            borderTop: index > 0 ? `0.5px solid ${BORDER}` : 'none',
          }}
        >
          <Picture
            src={room.image}
            width={card ? '100%' : 96}
            height={card ? 160 : 80}
            radius={4}
            alt={room.name}
          />
          <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 4 }}>
            <div style={{ fontSize: 15, color: '#333', fontWeight: 600, ...ellipsis(1) }}>{room.name}</div>
            <div style={{ fontSize: 11, color: MUTED }}>
              {[room.area, room.bed].filter(Boolean).join(' · ')}
            </div>
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
                style={{
                  fontSize: 12,
                  color: '#fff',
                  background: BRAND,
                  borderRadius: 4,
                  padding: '3px 10px',
                }}
              >
                {props.bookText || t('render.room.book')}
              </span>
            </div>
          </div>
        </div>
      ))}
    </BlockBox>
  );
}
