import { BlockBox, Picture, type RendererProps } from '../renderer-kit';
import type { Props } from './definition';

/** The image with its zones; zones are invisible on the phone, so they are drawn as faint outlines. */
export function HotZoneBlock({ props }: RendererProps<Props>) {
  return (
    <BlockBox box={props} style={{ position: 'relative' }}>
      <Picture src={props.image} height={props.image ? 'auto' : 200} />
      {props.zones.map((zone, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: Zones have no id; their order is their identity.
          key={index}
          data-zone={index}
          style={{
            position: 'absolute',
            left: `${zone.x}%`,
            top: `${zone.y}%`,
            width: `${zone.w}%`,
            height: `${zone.h}%`,
            border: '1px dashed rgba(64,158,255,.8)',
            background: 'rgba(64,158,255,.12)',
            boxSizing: 'border-box',
          }}
        />
      ))}
    </BlockBox>
  );
}
