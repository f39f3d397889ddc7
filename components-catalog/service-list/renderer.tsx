import type { ServiceRow } from '../data-rows';
import {
  BlockBox,
  EmptyRows,
  ellipsis,
  Grid,
  MUTED,
  Picture,
  Price,
  type RendererProps,
  useText,
} from '../renderer-kit';
import type { Props } from './definition';

export function ServiceListBlock({ props, data, context }: RendererProps<Props, ServiceRow>) {
  const t = useText();
  if (!data || data.length === 0) {
    return (
      <BlockBox box={props}>
        <EmptyRows
          context={context}
          messageId={props.mode === 'services' ? 'render.service.none' : 'render.service.noTechnicians'}
        />
      </BlockBox>
    );
  }
  const grid = props.layout === 'grid';
  const technicians = props.mode === 'technicians';
  return (
    <BlockBox box={props} style={{ background: props.background || '#ffffff', padding: 10 }}>
      <Grid columns={grid ? 2 : 1} gap={10}>
        {data.map((row) => (
          <div
            key={row.id}
            data-row={row.id}
            style={{
              display: 'flex',
              flexDirection: grid ? 'column' : 'row',
              gap: 8,
              alignItems: grid ? 'center' : 'stretch',
            }}
          >
            <Picture
              src={row.image}
              width={grid ? (technicians ? 72 : '100%') : 80}
              height={grid ? (technicians ? 72 : 110) : 80}
              radius={technicians ? '50%' : 4}
              alt={row.name}
            />
            <div
              style={{
                flex: 1,
                minWidth: 0,
                display: 'flex',
                flexDirection: 'column',
                gap: 3,
                textAlign: grid ? 'center' : 'left',
              }}
            >
              <div style={{ fontSize: 14, color: '#333', fontWeight: 600, ...ellipsis(1) }}>{row.name}</div>
              <div style={{ fontSize: 11, color: MUTED, ...ellipsis(1) }}>
                {technicians ? row.subtitle : t('render.service.minutes', { count: row.minutes })}
              </div>
              {props.showRating ? (
                <div style={{ fontSize: 11, color: '#ff9900' }}>
                  {t('render.service.rating', { rating: row.rating.toFixed(1) })}
                </div>
              ) : null}
              {props.showPrice && !technicians ? <Price fen={row.price} size={14} /> : null}
            </div>
          </div>
        ))}
      </Grid>
    </BlockBox>
  );
}
