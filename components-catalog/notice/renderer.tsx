import { BlockBox, ellipsis, type RendererProps, useHint } from '../renderer-kit';
import type { Props } from './definition';

export function NoticeBlock({ props, context }: RendererProps<Props>) {
  const hint = useHint(context);
  return (
    <BlockBox box={props}>
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          height: 36,
          padding: '0 12px',
          background: props.backgroundColor,
          color: props.textColour,
          fontSize: 13,
        }}
      >
        {props.showIcon ? (
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" style={{ flexShrink: 0 }}>
            <path
              fill="currentColor"
              d="M3 10v4h4l5 5V5L7 10H3zm13.5 2A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4z"
            />
          </svg>
        ) : null}
        <span style={{ flex: 1, ...ellipsis(1) }}>{props.text || hint('render.notice.placeholder')}</span>
      </div>
    </BlockBox>
  );
}
