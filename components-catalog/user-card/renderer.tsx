import { BlockBox, type RendererProps, safeUrl, useText } from '../renderer-kit';
import type { Props } from './definition';

/** The signed-out state, which is what a designer should judge: the signed-in one only adds a name. */
export function UserCardBlock({ props }: RendererProps<Props>) {
  const t = useText();
  const background = safeUrl(props.backgroundImage);
  const stats = [
    props.showPoints ? 'render.userCard.points' : null,
    props.showBalance ? 'render.userCard.balance' : null,
    props.showCoupons ? 'render.userCard.coupons' : null,
  ].filter((key): key is string => key !== null);
  return (
    <BlockBox box={props}>
      <div
        style={{
          padding: '20px 16px 14px',
          color: props.textColour,
          background: background
            ? `${props.backgroundColor} url("${background}") center / cover no-repeat`
            : props.backgroundColor,
        }}
      >
        <div
          style={{
            display: 'flex',
            flexDirection: props.layout === 'center' ? 'column' : 'row',
            alignItems: 'center',
            gap: 12,
          }}
        >
          <div
            style={{
              width: 56,
              height: 56,
              borderRadius: 28,
              background: 'rgba(255,255,255,.35)',
              border: '2px solid rgba(255,255,255,.7)',
            }}
          />
          <div style={{ textAlign: props.layout === 'center' ? 'center' : 'left' }}>
            <div style={{ fontSize: 17, fontWeight: 600 }}>{t('render.userCard.signIn')}</div>
            {props.showLevel ? (
              <span
                style={{
                  display: 'inline-block',
                  marginTop: 4,
                  fontSize: 10,
                  padding: '1px 6px',
                  borderRadius: 8,
                  background: 'rgba(0,0,0,.2)',
                }}
              >
                {t('render.userCard.level')}
              </span>
            ) : null}
          </div>
        </div>
        {stats.length > 0 ? (
          <div style={{ display: 'flex', marginTop: 16 }}>
            {stats.map((key) => (
              <div key={key} style={{ flex: 1, textAlign: 'center' }}>
                <div style={{ fontSize: 16, fontWeight: 600 }}>--</div>
                <div style={{ fontSize: 11, opacity: 0.85 }}>{t(key)}</div>
              </div>
            ))}
          </div>
        ) : null}
      </div>
    </BlockBox>
  );
}
