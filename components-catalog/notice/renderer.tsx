import type { NoticeRow } from '../data-rows';
import { BlockBox, EmptyRows, ellipsis, type RendererProps, useHint } from '../renderer-kit';
import type { Props } from './definition';

/** The line's text: the typed text, or the running notices' titles one after another. */
function noticeText(props: Props, data: readonly NoticeRow[] | undefined): string {
  if (props.source === 'text') return props.text;
  return (data ?? []).map((row) => row.title).join('　　');
}

export function NoticeBlock({ props, data, context }: RendererProps<Props, NoticeRow>) {
  const hint = useHint(context);
  const shown = noticeText(props, data);
  // Without a running notice visitors see no empty bar; the designer sees why.
  if (shown === '' && props.source === 'running')
    return <EmptyRows messageId="render.notice.none" context={context} />;
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
        <span style={{ flex: 1, ...ellipsis(1) }}>{shown || hint('render.notice.placeholder')}</span>
      </div>
    </BlockBox>
  );
}
