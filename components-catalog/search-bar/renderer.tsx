import { BlockBox, type RendererProps, useText } from '../renderer-kit';
import type { Props } from './definition';

export function SearchBarBlock({ props }: RendererProps<Props>) {
  const t = useText();
  return (
    <BlockBox box={props} style={{ padding: '8px 12px', background: props.background || '#ffffff' }}>
      <div
        style={{
          height: 32,
          borderRadius: props.shape === 'round' ? 16 : 4,
          background: props.boxColour,
          color: props.textColour,
          display: 'flex',
          alignItems: 'center',
          justifyContent:
            props.align === 'center' ? 'center' : props.align === 'right' ? 'flex-end' : 'flex-start',
          gap: 6,
          padding: '0 12px',
          fontSize: 13,
        }}
      >
        <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
          <path
            fill="currentColor"
            d="M10 2a8 8 0 0 1 6.3 12.9l5.4 5.4-1.4 1.4-5.4-5.4A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z"
          />
        </svg>
        <span>{props.placeholder || t('render.search.placeholder')}</span>
      </div>
      {props.hotWords.length > 0 ? (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6, marginTop: 8 }}>
          {props.hotWords.map((word, index) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: Hot words may repeat while being typed; their order is their identity.
              key={index}
              style={{
                fontSize: 11,
                color: '#666',
                background: '#f5f5f5',
                borderRadius: 10,
                padding: '2px 8px',
              }}
            >
              {word.text || t('render.search.hotWord')}
            </span>
          ))}
        </div>
      ) : null}
    </BlockBox>
  );
}
