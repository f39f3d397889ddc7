import type { RendererProps } from '../renderer-kit';
import type { Props } from './definition';

export function SpacerBlock({ props }: RendererProps<Props>) {
  // A page holds many spacers: only the styles one sets (a background is transparent by default).
  return (
    <div
      style={
        props.background ? { height: props.height, background: props.background } : { height: props.height }
      }
    />
  );
}
