import type { StoreRow } from '../data-rows';
import {
  BlockBox,
  BORDER,
  EmptyRows,
  ellipsis,
  MUTED,
  Picture,
  type RendererProps,
  useText,
} from '../renderer-kit';
import type { Props } from './definition';

function distance(meters: number): string {
  return meters < 1000 ? `${Math.round(meters)}m` : `${(meters / 1000).toFixed(1)}km`;
}

export function StoreListBlock({ props, data, context }: RendererProps<Props, StoreRow>) {
  const t = useText();
  if (!data || data.length === 0) {
    return (
      <BlockBox box={props}>
        <EmptyRows
          context={context}
          messageId={props.source === 'manual' ? 'render.store.chooseMany' : 'render.store.none'}
        />
      </BlockBox>
    );
  }
  const card = props.layout === 'card';
  return (
    <BlockBox box={props} style={{ background: props.background || '#ffffff', padding: card ? 8 : 0 }}>
      {data.map((store, index) => (
        <div
          key={store.id}
          data-row={store.id}
          style={{
            display: 'flex',
            flexDirection: card ? 'column' : 'row',
            gap: 10,
            padding: card ? 0 : 12,
            marginBottom: card ? 8 : 0,
            borderTop: !card && index > 0 ? `0.5px solid ${BORDER}` : 'none',
            borderRadius: card ? 6 : 0,
            overflow: 'hidden',
            boxShadow: card ? '0 1px 4px rgba(0,0,0,.08)' : 'none',
          }}
        >
          <Picture
            src={store.image}
            width={card ? '100%' : 72}
            height={card ? 130 : 72}
            radius={card ? 0 : 4}
            alt={store.name}
          />
          <div
            style={{
              flex: 1,
              minWidth: 0,
              padding: card ? '0 10px 10px' : 0,
              fontSize: 12,
              color: MUTED,
              display: 'flex',
              flexDirection: 'column',
              gap: 4,
            }}
          >
            <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
              <span style={{ fontSize: 15, color: '#333', fontWeight: 600, ...ellipsis(1) }}>
                {store.name}
              </span>
              {props.showDistance && store.distanceMeters !== undefined ? (
                <span>{distance(store.distanceMeters)}</span>
              ) : null}
            </div>
            <span style={ellipsis(1)}>{store.address}</span>
            {store.hours ? <span>{t('render.store.hours', { hours: store.hours })}</span> : null}
          </div>
        </div>
      ))}
    </BlockBox>
  );
}
