import { useMemo } from 'react';
import { BlockBox, MUTED, type RendererProps, useHint } from '../renderer-kit';
import type { Props } from './definition';
import { sanitizeRichText } from './sanitize';

export function RichTextBlock({ props, context }: RendererProps<Props>) {
  const hint = useHint(context);
  const html = useMemo(() => sanitizeRichText(props.html), [props.html]);
  // The box holds the paragraphs itself, sanitised just above on every change of the HTML.
  if (html) return <BlockBox box={props} className="block-paragraphs" html={html} />;
  return (
    <BlockBox box={props} className="block-paragraphs">
      <div style={{ color: MUTED }}>{hint('render.richText.placeholder')}</div>
    </BlockBox>
  );
}
