import type { RendererProps } from '../renderer-kit';
import type { Props } from './definition';

export function SpacerBlock({ props }: RendererProps<Props>) {
  return <div style={{ height: props.height, background: props.background || 'transparent' }} />;
}
