import { Picture, type RendererProps, useText } from '../renderer-kit';
import type { Props } from './definition';

export function PopupAdBlock({ props }: RendererProps<Props>) {
  const t = useText();
  return (
    <div
      style={{
        position: 'absolute',
        inset: 0,
        background: 'rgba(0,0,0,.6)',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 16,
      }}
    >
      <div style={{ width: `${props.width}%` }}>
        <Picture src={props.image} height={props.image ? 'auto' : 360} radius={8} fit="contain" />
      </div>
      {props.showClose ? (
        <span
          role="img"
          aria-label={t('render.popupAd.close')}
          style={{
            width: 32,
            height: 32,
            borderRadius: 16,
            border: '2px solid #fff',
            color: '#fff',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontSize: 18,
          }}
        >
          ×
        </span>
      ) : null}
    </div>
  );
}
