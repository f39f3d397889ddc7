import { BlockBox, Picture, type RendererProps } from '../renderer-kit';
import type { Props } from './definition';

/** Shows the first slide, as the mini-program does on load, with the indicator of all slides. */
export function CarouselBlock({ props }: RendererProps<Props>) {
  const first = props.items[0];
  return (
    <BlockBox box={props} style={{ position: 'relative' }}>
      <Picture src={first?.image ?? ''} height={props.height} alt={first?.title ?? ''} />
      {first?.title ? (
        <div
          style={{
            position: 'absolute',
            left: 0,
            right: 0,
            bottom: 0,
            padding: '16px 12px 8px',
            color: '#fff',
            fontSize: 13,
            background: 'linear-gradient(transparent, rgba(0,0,0,.45))',
          }}
        >
          {first.title}
        </div>
      ) : null}
      {props.indicator === 'dots' && props.items.length > 1 ? (
        <div
          style={{
            position: 'absolute',
            bottom: 8,
            left: 0,
            right: 0,
            display: 'flex',
            justifyContent: 'center',
            gap: 5,
          }}
        >
          {props.items.map((_, index) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: One dot per slide position.
              key={index}
              style={{
                width: index === 0 ? 14 : 6,
                height: 6,
                borderRadius: 3,
                background: index === 0 ? '#fff' : 'rgba(255,255,255,.5)',
              }}
            />
          ))}
        </div>
      ) : null}
      {props.indicator === 'number' ? (
        <span
          style={{
            position: 'absolute',
            right: 10,
            bottom: 8,
            padding: '1px 8px',
            borderRadius: 10,
            fontSize: 11,
            color: '#fff',
            background: 'rgba(0,0,0,.4)',
          }}
        >
          1/{props.items.length}
        </span>
      ) : null}
    </BlockBox>
  );
}
