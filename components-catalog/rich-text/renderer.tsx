import { useMemo } from 'react';
import { BlockBox, MUTED, type RendererProps, useHint } from '../renderer-kit';
import type { Props } from './definition';
import { sanitizeRichText } from './sanitize';

export function RichTextBlock({ props, context }: RendererProps<Props>) {
  const hint = useHint(context);
  const html = useMemo(() => sanitizeRichText(props.html), [props.html]);
  return (
    <BlockBox
      box={props}
      style={{ background: props.background, padding: 12, fontSize: 14, lineHeight: 1.6, color: '#333' }}
    >
      {html ? (
        // Sanitised just above on every change of the HTML.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify with an allow-list
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <div style={{ color: MUTED }}>{hint('render.richText.placeholder')}</div>
      )}
    </BlockBox>
  );
}
