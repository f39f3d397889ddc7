import { BlockBox, BORDER, MUTED, type RendererProps, safeImageSrc, useText } from '../renderer-kit';
import type { Props } from './definition';

export function OrderEntryBlock({ props }: RendererProps<Props>) {
  const t = useText();
  return (
    <BlockBox box={props} style={{ background: props.background || '#ffffff' }}>
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          padding: '12px 14px',
          fontSize: 15,
          fontWeight: 600,
        }}
      >
        <span>{props.title || t('render.orderEntry.title')}</span>
        {props.showAll ? (
          <span style={{ fontSize: 12, color: MUTED, fontWeight: 400 }}>{t('render.orderEntry.all')} ›</span>
        ) : null}
      </div>
      <div style={{ display: 'flex', paddingBottom: 12 }}>
        {props.states.map((entry, index) => {
          const icon = safeImageSrc(entry.icon);
          return (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: Entries may repeat a state; their order is their identity.
              key={index}
              style={{
                flex: 1,
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                gap: 4,
                fontSize: 12,
                color: '#333',
              }}
            >
              {icon ? (
                <img src={icon} alt="" style={{ width: 26, height: 26 }} />
              ) : (
                <span
                  style={{
                    width: 26,
                    height: 26,
                    borderRadius: 6,
                    border: '1.5px solid #333',
                    boxSizing: 'border-box',
                  }}
                />
              )}
              <span>{entry.text || t(`option.orderState.${entry.state}`)}</span>
            </div>
          );
        })}
      </div>
      {props.showWallet && props.wallet.length > 0 ? (
        <div style={{ display: 'flex', borderTop: `0.5px solid ${BORDER}`, padding: '12px 0' }}>
          {props.wallet.map((entry, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: Entries may repeat; their order is their identity.
            <div key={index} style={{ flex: 1, textAlign: 'center' }}>
              <div style={{ fontSize: 15, fontWeight: 600 }}>--</div>
              <div style={{ fontSize: 11, color: MUTED }}>
                {entry.text || t(`option.wallet.${entry.entry}`)}
              </div>
            </div>
          ))}
        </div>
      ) : null}
    </BlockBox>
  );
}
