import { BlockBox, BRAND, MUTED, Picture, type RendererProps, useText } from '../renderer-kit';
import type { Props } from './definition';

export function BookingEntryBlock({ props }: RendererProps<Props>) {
  const t = useText();
  const button = (
    <span
      style={{
        fontSize: 13,
        color: '#fff',
        background: BRAND,
        borderRadius: 16,
        padding: '6px 16px',
        flexShrink: 0,
      }}
    >
      {props.buttonText || t('render.booking.button')}
    </span>
  );
  const title = props.title || t('render.booking.title');
  if (props.layout === 'banner') {
    return (
      <BlockBox box={props} style={{ position: 'relative' }}>
        <Picture src={props.image} height={150} alt={title} />
        <div
          style={{
            position: 'absolute',
            left: 14,
            bottom: 14,
            right: 14,
            display: 'flex',
            alignItems: 'flex-end',
            justifyContent: 'space-between',
            color: '#fff',
          }}
        >
          <div style={{ textShadow: '0 1px 2px rgba(0,0,0,.4)' }}>
            <div style={{ fontSize: 17, fontWeight: 600 }}>{title}</div>
            {props.subText ? <div style={{ fontSize: 12 }}>{props.subText}</div> : null}
          </div>
          {button}
        </div>
      </BlockBox>
    );
  }
  return (
    <BlockBox
      box={props}
      style={{
        background: props.background || '#ffffff',
        padding: 14,
        display: 'flex',
        alignItems: 'center',
        gap: 12,
      }}
    >
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ fontSize: 16, fontWeight: 600, color: '#333' }}>{title}</div>
        {props.subText ? (
          <div style={{ fontSize: 12, color: MUTED, marginTop: 2 }}>{props.subText}</div>
        ) : null}
      </div>
      {button}
    </BlockBox>
  );
}
