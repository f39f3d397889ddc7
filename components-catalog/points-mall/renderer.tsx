import type { PointsProductRow } from '../data-rows';
import {
  BlockBox,
  EmptyRows,
  ellipsis,
  formatFen,
  Grid,
  Picture,
  type RendererProps,
  useText,
} from '../renderer-kit';
import type { Props } from './definition';

export function PointsMallBlock({ props, data, context }: RendererProps<Props, PointsProductRow>) {
  const t = useText();
  return (
    <BlockBox box={props} style={{ background: props.background || '#ffffff', padding: 8 }}>
      <div style={{ fontSize: 16, fontWeight: 700, padding: '2px 4px 8px', color: '#333' }}>
        {props.title || t('render.pointsMall.title')}
      </div>
      {data && data.length > 0 ? (
        <Grid columns={props.layout === 'list' ? 1 : 2} gap={8}>
          {data.map((row) => (
            <div
              key={row.id}
              data-row={row.id}
              style={{ display: 'flex', flexDirection: props.layout === 'list' ? 'row' : 'column', gap: 6 }}
            >
              <Picture
                src={row.image}
                height={props.layout === 'list' ? 80 : 150}
                width={props.layout === 'list' ? 80 : '100%'}
                radius={4}
              />
              <div style={{ minWidth: 0 }}>
                <div style={{ fontSize: 13, color: '#333', ...ellipsis(2) }}>{row.name}</div>
                <div style={{ fontSize: 13, color: '#ff6a00', fontWeight: 600 }}>
                  {row.price > 0
                    ? t('render.pointsMall.pointsAndCash', { points: row.points, cash: formatFen(row.price) })
                    : t('render.pointsMall.points', { points: row.points })}
                </div>
              </div>
            </div>
          ))}
        </Grid>
      ) : (
        <EmptyRows
          context={context}
          messageId={props.source === 'manual' ? 'render.activity.choose' : 'render.activity.none'}
        />
      )}
    </BlockBox>
  );
}
