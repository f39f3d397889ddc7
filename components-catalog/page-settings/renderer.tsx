import { MUTED, Picture, type RendererProps, useText } from '../renderer-kit';
import type { Props } from './definition';

/** How the page looks when shared in a chat: the card WeChat draws from the share title and image. */
export function PageSettingsBlock({ props }: RendererProps<Props>) {
  const t = useText();
  const title = props.shareTitle || props.title || t('render.pageSettings.untitled');
  return (
    <div style={{ padding: 12, background: props.backgroundColor || '#f5f5f5' }}>
      <div
        style={{
          width: 220,
          background: '#fff',
          borderRadius: 6,
          padding: 10,
          boxShadow: '0 1px 3px rgba(0,0,0,.08)',
        }}
      >
        <div style={{ fontSize: 14, color: '#333', marginBottom: 8 }}>{title}</div>
        <Picture src={props.shareImage} height={160} radius={2} />
        <div style={{ fontSize: 11, color: MUTED, marginTop: 6 }}>{t('render.pageSettings.miniProgram')}</div>
      </div>
    </div>
  );
}
