import type { NewsRow } from '../data-rows';
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

function Meta({ row, props }: { row: NewsRow; props: Props }) {
  const t = useText();
  return (
    <div style={{ display: 'flex', gap: 10, fontSize: 11, color: MUTED }}>
      {props.showDate ? <span>{row.publishedAt.slice(0, 10)}</span> : null}
      {props.showViews ? <span>{t('render.news.views', { count: row.views })}</span> : null}
    </div>
  );
}

export function NewsListBlock({ props, data, context }: RendererProps<Props, NewsRow>) {
  if (!data || data.length === 0) {
    return (
      <BlockBox box={props}>
        <EmptyRows
          context={context}
          messageId={props.source === 'manual' ? 'render.news.choose' : 'render.news.none'}
        />
      </BlockBox>
    );
  }
  return (
    <BlockBox box={props} style={{ background: props.background || '#ffffff' }}>
      {data.map((row, index) => (
        <div
          key={row.id}
          data-row={row.id}
          style={{
            display: 'flex',
            flexDirection:
              props.layout === 'bigImage' ? 'column' : props.layout === 'leftImage' ? 'row-reverse' : 'row',
            gap: 10,
            padding: 12,
            borderTop: index === 0 ? 'none' : `0.5px solid ${BORDER}`,
          }}
        >
          <div
            style={{
              flex: 1,
              minWidth: 0,
              display: 'flex',
              flexDirection: 'column',
              justifyContent: 'space-between',
              gap: 6,
            }}
          >
            <div style={{ fontSize: 15, color: '#333', ...ellipsis(2) }}>{row.title}</div>
            <Meta row={row} props={props} />
          </div>
          {props.layout === 'textOnly' ? null : (
            <Picture
              src={row.image}
              width={props.layout === 'bigImage' ? '100%' : 110}
              height={props.layout === 'bigImage' ? 170 : 74}
              radius={4}
            />
          )}
        </div>
      ))}
    </BlockBox>
  );
}
