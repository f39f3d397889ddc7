import { Picture, type RendererProps } from '../renderer-kit';
import type { Props } from './definition';

/** Drawn at its place on the screen; the canvas puts fixed parts in a layer over the page. */
export function FloatingButtonBlock({ props }: RendererProps<Props>) {
  const side = props.position === 'rightBottom' ? { right: 16 } : { left: 16 };
  return (
    <div
      style={{
        position: 'absolute',
        bottom: props.bottom,
        ...side,
        boxShadow: '0 2px 8px rgba(0,0,0,.2)',
        borderRadius: props.shape === 'circle' ? '50%' : 8,
      }}
    >
      <Picture
        src={props.image}
        width={props.size}
        height={props.size}
        radius={props.shape === 'circle' ? '50%' : 8}
      />
    </div>
  );
}
