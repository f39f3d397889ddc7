import type { LiveRoomRow } from '../data-rows';
import {
  BlockBox,
  EmptyRows,
  ellipsis,
  Grid,
  MUTED,
  Picture,
  type RendererProps,
  useText,
} from '../renderer-kit';
import type { Props } from './definition';

const BADGE_COLOURS: Record<LiveRoomRow['status'], string> = {
  live: '#ff4444',
  upcoming: '#2f7df6',
  ended: '#707070',
};

export function LiveRoomBlock({ props, data, context }: RendererProps<Props, LiveRoomRow>) {
  const t = useText();
  if (!data || data.length === 0) {
    return (
      <BlockBox box={props}>
        <EmptyRows
          context={context}
          messageId={props.source === 'manual' ? 'render.live.choose' : 'render.live.none'}
        />
      </BlockBox>
    );
  }
  const card = props.layout === 'card';
  return (
    <BlockBox box={props} style={{ background: props.background || '#ffffff', padding: 8 }}>
      <Grid columns={card ? 2 : 1} gap={8}>
        {data.map((room) => (
          <div
            key={room.id}
            data-row={room.id}
            style={{ display: 'flex', flexDirection: card ? 'column' : 'row', gap: 6, position: 'relative' }}
          >
            <Picture
              src={room.cover}
              width={card ? '100%' : 110}
              height={card ? 200 : 80}
              radius={6}
              alt={room.name}
            />
            <span
              data-status={room.status}
              style={{
                position: 'absolute',
                left: 6,
                top: 6,
                fontSize: 10,
                color: '#fff',
                background: BADGE_COLOURS[room.status],
                borderRadius: 8,
                padding: '1px 6px',
              }}
            >
              {t(`render.live.${room.status}`)}
            </span>
            <div style={{ minWidth: 0 }}>
              <div style={{ fontSize: 13, color: '#333', ...ellipsis(2) }}>{room.name}</div>
              <div style={{ fontSize: 11, color: MUTED }}>{room.anchor}</div>
            </div>
          </div>
        ))}
      </Grid>
    </BlockBox>
  );
}
