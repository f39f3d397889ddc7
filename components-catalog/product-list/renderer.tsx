import type { ProductRow } from '../data-rows';
import { ProductRows } from '../product-card';
import { BlockBox, EmptyRows, type RendererProps } from '../renderer-kit';
import type { Props } from './definition';

export function ProductListBlock({ props, data, context }: RendererProps<Props, ProductRow>) {
  return (
    <BlockBox box={props} style={{ padding: 8 }}>
      {data && data.length > 0 ? (
        <ProductRows rows={data} layout={props.layout} gap={props.gap} options={props} />
      ) : (
        <EmptyRows
          context={context}
          messageId={props.source === 'manual' ? 'render.product.chooseProducts' : 'render.product.noRows'}
        />
      )}
    </BlockBox>
  );
}
