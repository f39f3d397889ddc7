import {
  BlockBox,
  BORDER,
  ellipsis,
  MUTED,
  type RendererProps,
  safeImageSrc,
  useText,
} from '../renderer-kit';
import type { Props } from './definition';

export function MenuListBlock({ props }: RendererProps<Props>) {
  const t = useText();
  return (
    <BlockBox box={props} style={{ background: props.background || '#ffffff' }}>
      {props.items.map((item, index) => {
        const icon = safeImageSrc(item.icon);
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: Items have no id; their order is their identity.
            key={index}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 10,
              height: 48,
              padding: '0 14px',
              borderTop: index === 0 ? 'none' : `0.5px solid ${BORDER}`,
              fontSize: 14,
              color: '#333',
            }}
          >
            {icon ? <img src={icon} alt="" style={{ width: 20, height: 20 }} /> : null}
            <span style={{ flex: 1, ...ellipsis(1) }}>{item.text || t('render.menuList.item')}</span>
            {item.subText ? <span style={{ color: MUTED, fontSize: 12 }}>{item.subText}</span> : null}
            {props.showArrow ? <span style={{ color: '#c8c8cc' }}>›</span> : null}
          </div>
        );
      })}
    </BlockBox>
  );
}
