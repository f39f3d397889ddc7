import { BlockBox, type RendererProps, safeUrl } from '../renderer-kit';
import type { Props } from './definition';

const RATIOS = { '16:9': '56.25%', '4:3': '75%', '1:1': '100%', '9:16': '177.78%' } as const;

/** The poster with a play button, as the video component shows before playing. */
export function VideoBlock({ props }: RendererProps<Props>) {
  const cover = safeUrl(props.cover);
  return (
    <BlockBox box={props}>
      <div
        data-part="video"
        style={{
          position: 'relative',
          paddingTop: RATIOS[props.ratio],
          background: cover ? `#000 url("${cover}") center / cover no-repeat` : '#1a1a1a',
        }}
      >
        <span
          style={{
            position: 'absolute',
            left: '50%',
            top: '50%',
            width: 48,
            height: 48,
            marginLeft: -24,
            marginTop: -24,
            borderRadius: 24,
            background: 'rgba(0,0,0,.45)',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
            <path fill="#fff" d="M8 5v14l11-7z" />
          </svg>
        </span>
      </div>
    </BlockBox>
  );
}
