import { linkKindOf } from '../../contract/link-value';
import { BlockBox, BORDER, MUTED, type RendererProps, useText } from '../renderer-kit';
import type { Props } from './definition';

const GLYPHS: Record<string, string> = {
  phone: '☎',
  wifi: '≋',
  quickEntry: '✉',
  miniProgram: '◎',
  webLink: '⌘',
};

export function ContactBlock({ props }: RendererProps<Props>) {
  const t = useText();
  const grid = props.layout === 'grid';
  return (
    <BlockBox box={props} style={{ background: props.background || '#ffffff' }}>
      {props.title ? (
        <div style={{ padding: '12px 14px 4px', fontSize: 15, fontWeight: 600 }}>{props.title}</div>
      ) : null}
      <div
        style={grid ? { display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', padding: 8 } : {}}
      >
        {props.items.map((entry, index) => {
          const kind = linkKindOf(entry.link);
          return (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: Items have no id; their order is their identity.
              key={index}
              data-kind={kind}
              style={{
                display: 'flex',
                flexDirection: grid ? 'column' : 'row',
                alignItems: 'center',
                gap: grid ? 4 : 10,
                padding: grid ? 8 : '12px 14px',
                borderTop: !grid && index > 0 ? `0.5px solid ${BORDER}` : 'none',
              }}
            >
              <span
                style={{
                  width: 30,
                  height: 30,
                  borderRadius: 15,
                  background: '#f0f7ff',
                  color: '#2f7df6',
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                }}
              >
                {GLYPHS[kind] ?? '•'}
              </span>
              <div style={{ flex: 1, minWidth: 0, textAlign: grid ? 'center' : 'left' }}>
                <div style={{ fontSize: 14, color: '#333' }}>{entry.text || t(`render.contact.${kind}`)}</div>
                {entry.subText && !grid ? (
                  <div style={{ fontSize: 11, color: MUTED }}>{entry.subText}</div>
                ) : null}
              </div>
              {grid ? null : <span style={{ color: '#c8c8cc' }}>›</span>}
            </div>
          );
        })}
      </div>
    </BlockBox>
  );
}
