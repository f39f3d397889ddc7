import { BlockBox, BRAND, ellipsis, MUTED, type RendererProps, useHint, useText } from '../renderer-kit';
import type { Props } from './definition';

const SIZES = { large: 18, medium: 16, small: 14 } as const;

export function TitleBlock({ props, context }: RendererProps<Props>) {
  const t = useText();
  const hint = useHint(context);
  const title = props.text || hint('render.title.placeholder');
  const background = props.background || '#ffffff';
  const bar = props.style === 'bar';
  // A plain title without a sub-title or "more" link is one line: the box draws it, with no row or
  // column around it (a long page holds many such titles).
  if (!bar && !props.showMore && !props.subText) {
    return (
      <BlockBox
        box={props}
        className={`block-title block-title-${props.size}`}
        style={{ background, color: props.textColour, textAlign: props.align }}
      >
        {title}
      </BlockBox>
    );
  }
  return (
    <BlockBox box={props} style={{ background, padding: '10px 12px' }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        {bar ? (
          <span style={{ width: 3, height: SIZES[props.size], background: BRAND, borderRadius: 2 }} />
        ) : null}
        <div style={{ flex: 1, textAlign: props.align, minWidth: 0 }}>
          <div
            style={{ fontSize: SIZES[props.size], fontWeight: 600, color: props.textColour, ...ellipsis(1) }}
          >
            {title}
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
