import {
  CAPSULE,
  ellipsis,
  NAV_BAR_HEIGHT,
  type RendererProps,
  STATUS_BAR_HEIGHT,
  safeImageSrc,
  useText,
} from '../renderer-kit';
import type { Props } from './definition';

/** The WeChat capsule (more · close) that every mini-program page has at the top right. */
function Capsule({ light }: { light: boolean }) {
  const ink = light ? '#ffffff' : '#000000';
  return (
    <div
      data-part="capsule"
      style={{
        position: 'absolute',
        right: CAPSULE.right,
        top: STATUS_BAR_HEIGHT + CAPSULE.top,
        width: CAPSULE.width,
        height: CAPSULE.height,
        borderRadius: CAPSULE.height / 2,
        border: `0.5px solid ${light ? 'rgba(255,255,255,.35)' : 'rgba(0,0,0,.12)'}`,
        background: light ? 'rgba(0,0,0,.15)' : 'rgba(255,255,255,.6)',
        display: 'flex',
        alignItems: 'center',
        boxSizing: 'border-box',
      }}
    >
      <span style={{ flex: 1, textAlign: 'center', color: ink, fontSize: 16, letterSpacing: 1 }}>•••</span>
      <span
        style={{ width: 1, height: 18, background: light ? 'rgba(255,255,255,.35)' : 'rgba(0,0,0,.12)' }}
      />
      <span style={{ flex: 1, display: 'flex', justifyContent: 'center' }}>
        <span
          style={{
            width: 14,
            height: 14,
            borderRadius: 7,
            border: `2px solid ${ink}`,
            boxSizing: 'border-box',
          }}
        />
      </span>
    </div>
  );
}

export function NavigationBarBlock({ props }: RendererProps<Props>) {
  const t = useText();
  const light = props.frontColour === 'white';
  const ink = light ? '#ffffff' : '#000000';
  const immersive = props.mode === 'immersive';
  // Everything in the bar stays left of the capsule, as WeChat draws the capsule over the page.
  const capsuleSpace = CAPSULE.width + CAPSULE.right * 2;
  const logo = safeImageSrc(props.logo);
  return (
    <div
      data-mode={props.mode}
      style={{
        position: 'relative',
        height: STATUS_BAR_HEIGHT + NAV_BAR_HEIGHT,
        background: immersive ? 'transparent' : props.backgroundColor,
        color: ink,
      }}
    >
      <div
        style={{
          height: STATUS_BAR_HEIGHT,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          padding: '0 20px',
          fontSize: 14,
          fontWeight: 600,
        }}
      >
        <span>9:41</span>
        <span style={{ fontSize: 11 }}>●●● ▮</span>
      </div>
      <div
        style={{
          height: NAV_BAR_HEIGHT,
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          padding: props.titleAlign === 'center' ? `0 ${capsuleSpace}px` : `0 ${capsuleSpace}px 0 12px`,
          justifyContent: props.titleAlign === 'center' ? 'center' : 'flex-start',
        }}
      >
        {props.titleAlign === 'left' && logo ? (
          <img src={logo} alt="" style={{ height: 28, maxWidth: 80 }} />
        ) : null}
        {props.titleAlign === 'left' && props.showSearch ? (
          <div
            style={{
              flex: 1,
              height: 30,
              borderRadius: 15,
              background: light ? 'rgba(255,255,255,.25)' : '#f2f2f2',
              fontSize: 13,
              lineHeight: '30px',
              padding: '0 12px',
              color: light ? '#ffffff' : '#999999',
              ...ellipsis(1),
            }}
          >
            {props.searchPlaceholder || t('render.search.placeholder')}
          </div>
        ) : (
          <span style={{ fontSize: 17, fontWeight: 600, ...ellipsis(1) }}>
            {props.title || t('render.navigationBar.pageTitle')}
          </span>
        )}
      </div>
      <Capsule light={light} />
    </div>
  );
}
