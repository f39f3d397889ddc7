import type { StoreRow } from '../data-rows';
import { BlockBox, BRAND, EmptyRows, MUTED, Picture, type RendererProps, useText } from '../renderer-kit';
import type { Props } from './definition';

export function StoreInfoBlock({ props, data, context }: RendererProps<Props, StoreRow>) {
  const t = useText();
  const store = data?.[0];
  if (!store) {
    return (
      <BlockBox box={props}>
        <EmptyRows context={context} messageId="render.store.choose" />
      </BlockBox>
    );
  }
  return (
    <BlockBox box={props} style={{ background: props.background || '#ffffff' }}>
      <Picture src={props.cover || store.image} height={150} alt={store.name} />
      <div
        data-row={store.id}
        style={{ padding: 12, display: 'flex', flexDirection: 'column', gap: 6, fontSize: 13, color: '#333' }}
      >
        <div style={{ fontSize: 16, fontWeight: 600 }}>{store.name}</div>
        {props.showHours && store.hours ? (
          <div style={{ color: MUTED }}>{t('render.store.hours', { hours: store.hours })}</div>
        ) : null}
        {props.showAddress ? <div>{store.address}</div> : null}
        <div style={{ display: 'flex', gap: 8 }}>
          {props.showTel && store.tel ? <span style={{ color: BRAND }}>{t('render.store.call')}</span> : null}
          {props.showNavigate ? <span style={{ color: BRAND }}>{t('render.store.navigate')}</span> : null}
        </div>
      </div>
    </BlockBox>
  );
}
