import type { CSSProperties } from 'react';
import { BlockBox, BRAND, ellipsis, MUTED, type RendererProps, useHint, useText } from '../renderer-kit';
import type { Props } from './definition';

const SIZES = { large: 18, medium: 16, small: 14 } as const;
/** What the `block-title` class draws (see KIT_STYLES). */
const PLAIN_TITLE = { colour: '#333333', align: 'left' } as const;

export function TitleBlock({ props, context }: RendererProps<Props>) {
  const t = useText();
  const hint = useHint(context);
  const title = props.text || hint('render.title.placeholder');
  const background = props.background || '#ffffff';
  const bar = props.style === 'bar';
  // A plain title without a sub-title or "more" link is one line: the box draws it, with no row or
  // column around it (a long page holds many such titles).
  // The class holds a title's usual white, grey and left alignment: the box sets only what differs
  // (its own background, when set, is the box's).
  if (!bar && !props.showMore && !props.subText) {
    const own: CSSProperties = {};
    if (props.textColour !== PLAIN_TITLE.colour) own.color = props.textColour;
    if (props.align !== PLAIN_TITLE.align) own.textAlign = props.align;
    return (
      <BlockBox box={props} className={`block-title block-title-${props.size}`} style={own}>
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
