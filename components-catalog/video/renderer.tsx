import type { VideoRow } from '../data-rows';
import { BlockBox, type RendererProps, safeUrl } from '../renderer-kit';
import { isTencentVideo, type Props } from './definition';

const RATIOS = { '16:9': '56.25%', '4:3': '75%', '1:1': '100%', '9:16': '177.78%' } as const;

const FILL = { position: 'absolute', inset: 0, width: '100%', height: '100%' } as const;

/** The address the player plays: a Tencent Video link's resolved one, else the typed address. */
function playable(props: Props, data: readonly VideoRow[] | undefined): string | null {
  if (isTencentVideo(props.url)) return data?.[0]?.url ?? null;
  return safeUrl(props.url) || null;
}

/**
 * The preview plays the video; the studio canvas draws the poster with a play button, as the
 * component shows before playing, so clicks there select the block.
 */
export function VideoBlock({ props, data, context }: RendererProps<Props, VideoRow>) {
  const cover = safeUrl(props.cover);
  const source = context.mode === 'preview' ? playable(props, data) : null;
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
        {source ? (
          <video
            src={source}
            poster={cover || undefined}
            controls
            playsInline
            autoPlay={props.autoplay}
            loop={props.loop}
            muted={props.muted}
            title={data?.[0]?.title || undefined}
            style={{ ...FILL, objectFit: 'contain', background: 'transparent' }}
          />
        ) : (
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
        )}
      </div>
    </BlockBox>
  );
}
