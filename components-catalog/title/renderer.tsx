import { BlockBox, BRAND, ellipsis, MUTED, type RendererProps, useHint, useText } from '../renderer-kit';
import type { Props } from './definition';

const SIZES = { large: 18, medium: 16, small: 14 } as const;

export function TitleBlock({ props, context }: RendererProps<Props>) {
  const t = useText();
  const hint = useHint(context);
  return (
    <BlockBox box={props} style={{ background: props.background || '#ffffff', padding: '10px 12px' }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        {props.style === 'bar' ? (
          <span style={{ width: 3, height: SIZES[props.size], background: BRAND, borderRadius: 2 }} />
        ) : null}
        <div style={{ flex: 1, textAlign: props.align, minWidth: 0 }}>
          <div
            style={{ fontSize: SIZES[props.size], fontWeight: 600, color: props.textColour, ...ellipsis(1) }}
          >
            {props.text || hint('render.title.placeholder')}
          </div>
          {props.subText ? (
            <div style={{ fontSize: 12, color: MUTED, marginTop: 2 }}>{props.subText}</div>
          ) : null}
        </div>
        {props.showMore ? (
          <span style={{ fontSize: 12, color: MUTED, flexShrink: 0 }}>
            {props.moreText || t('render.title.more')} ›
          </span>
        ) : null}
      </div>
    </BlockBox>
  );
}
