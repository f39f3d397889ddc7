import { BlockBox, ellipsis, Grid, Picture, type RendererProps, useText } from '../renderer-kit';
import type { Props } from './definition';

export function IconNavBlock({ props }: RendererProps<Props>) {
  const t = useText();
  const perPage = props.layout === 'swiper' ? props.columns * props.rows : props.items.length;
  const shown = props.items.slice(0, perPage);
  const pages = Math.ceil(props.items.length / Math.max(perPage, 1));
  return (
    <BlockBox box={props} style={{ background: props.background || '#ffffff', padding: '12px 0' }}>
      <Grid columns={props.columns} gap={12}>
        {shown.map((item, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: Items have no id; their order is their identity.
            key={index}
            style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 6, minWidth: 0 }}
          >
            <Picture
              src={item.image}
              width={props.iconSize}
              height={props.iconSize}
              radius={props.iconShape === 'round' ? '50%' : 8}
            />
            <span style={{ fontSize: 12, color: props.textColour, maxWidth: '100%', ...ellipsis(1) }}>
              {item.text || t('render.iconNav.item')}
            </span>
          </div>
        ))}
      </Grid>
      {props.layout === 'swiper' && pages > 1 ? (
        <div style={{ display: 'flex', justifyContent: 'center', gap: 4, marginTop: 8 }}>
          {Array.from({ length: pages }, (_, page) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: one dot per page position
              key={page}
              style={{
                width: page === 0 ? 12 : 4,
                height: 4,
                borderRadius: 2,
                background: page === 0 ? '#ff4444' : '#dddddd',
              }}
            />
          ))}
        </div>
      ) : null}
    </BlockBox>
  );
}
