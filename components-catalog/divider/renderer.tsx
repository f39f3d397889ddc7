import type { RendererProps } from '../renderer-kit';
import type { Props } from './definition';

export function DividerBlock({ props }: RendererProps<Props>) {
  return (
    <div
      aria-hidden="true"
      style={{ padding: `${props.gap}px ${props.inset}px`, background: props.background || 'transparent' }}
    >
      <div style={{ borderTop: `${props.thickness}px ${props.lineStyle} ${props.colour}` }} />
    </div>
  );
}
