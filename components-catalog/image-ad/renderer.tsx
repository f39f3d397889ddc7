import { BlockBox, Grid, HorizontalScroll, Picture, type RendererProps } from '../renderer-kit';
import type { Props } from './definition';

export function ImageAdBlock({ props }: RendererProps<Props>) {
  if (props.layout === 'scroll') {
    return (
      <BlockBox box={props}>
        <HorizontalScroll gap={props.gap}>
          {props.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: Images have no id; their order is their identity.
            <div key={index} style={{ width: '70%', flexShrink: 0 }}>
              <Picture src={item.image} height={props.scrollHeight} radius={4} />
            </div>
          ))}
        </HorizontalScroll>
      </BlockBox>
    );
  }
  const columns = props.layout === 'twoColumns' ? 2 : 1;
  const [only] = props.items;
  // One picture in one column fills the box as the grid's single cell would, without the grid around it.
  if (columns === 1 && only && props.items.length === 1) {
    return (
      <BlockBox box={props}>
        <Picture src={only.image} height={only.image ? 'auto' : 160} />
      </BlockBox>
    );
  }
  return (
    <BlockBox box={props}>
      <Grid columns={columns} gap={props.gap}>
        {props.items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: Images have no id; their order is their identity.
          <Picture key={index} src={item.image} height={item.image ? 'auto' : columns === 1 ? 160 : 120} />
        ))}
      </Grid>
    </BlockBox>
  );
}
