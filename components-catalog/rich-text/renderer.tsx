import { useMemo } from 'react';
import { BlockBox, MUTED, type RendererProps, useText } from '../renderer-kit';
import type { Props } from './definition';
import { sanitizeRichText } from './sanitize';

export function RichTextBlock({ props }: RendererProps<Props>) {
  const t = useText();
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
        <div style={{ color: MUTED }}>{t('render.richText.placeholder')}</div>
      )}
    </BlockBox>
  );
}
