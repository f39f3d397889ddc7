import type { ProductRow } from '../data-rows';
import { ProductRows } from '../product-card';
import { BlockBox, EmptyRows, ellipsis, type RendererProps, useText } from '../renderer-kit';
import type { Props } from './definition';

export function ProductTabsBlock({ props, data, context }: RendererProps<Props, ProductRow>) {
  const t = useText();
  return (
    <BlockBox box={props}>
      <div
        style={{ display: 'flex', overflowX: 'auto', background: '#fff', borderBottom: '0.5px solid #eee' }}
      >
        {props.tabs.map((tab, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: Tabs have no id; their order is their identity.
            key={index}
            data-active={index === 0}
            style={{
              flex: props.tabs.length <= 4 ? 1 : '0 0 auto',
              padding: '10px 14px',
              textAlign: 'center',
              fontSize: 14,
              color: index === 0 ? props.activeColour : '#333',
              fontWeight: index === 0 ? 600 : 400,
              borderBottom: index === 0 ? `2px solid ${props.activeColour}` : '2px solid transparent',
              ...ellipsis(1),
            }}
          >
            {tab.title || t('render.productTabs.tab', { index: index + 1 })}
          </div>
        ))}
      </div>
      <div style={{ padding: 8 }}>
        {data && data.length > 0 ? (
          <ProductRows rows={data} layout={props.layout} gap={props.gap} options={props} />
        ) : (
          <EmptyRows context={context} messageId="render.product.noRows" />
        )}
      </div>
    </BlockBox>
  );
}
