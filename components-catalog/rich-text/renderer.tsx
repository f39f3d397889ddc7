import { useMemo } from 'react';
import { BlockBox, MUTED, type RendererProps, useHint } from '../renderer-kit';
import type { Props } from './definition';
import { sanitizeRichText } from './sanitize';

export function RichTextBlock({ props, context }: RendererProps<Props>) {
  const hint = useHint(context);
  const html = useMemo(() => sanitizeRichText(props.html), [props.html]);
  const style = { background: props.background, padding: 12, fontSize: 14, lineHeight: 1.6, color: '#333' };
  // The box holds the paragraphs itself, sanitised just above on every change of the HTML.
  if (html) return <BlockBox box={props} style={style} html={html} />;
  return (
    <BlockBox box={props} style={style}>
      <div style={{ color: MUTED }}>{hint('render.richText.placeholder')}</div>
    </BlockBox>
  );
}
