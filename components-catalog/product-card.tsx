import type { CSSProperties, ReactNode } from 'react';
import type { ProductRow } from './data-rows';
import type { ProductLayout } from './props-kit';
import {
  BRAND,
  ellipsis,
  Grid,
  HorizontalScroll,
  MUTED,
  Picture,
  Price,
  StrikePrice,
  useText,
} from './renderer-kit';

/** Product cards shared by the product list, product tabs and activity blocks. */

export interface CardOptions {
  showName: boolean;
  showSellingPoint: boolean;
  showPrice: boolean;
  showOriginalPrice: boolean;
  showSales: boolean;
  showBuyButton: boolean;
  buttonText: string;
  cardStyle: 'white' | 'border' | 'shadow' | 'plain';
}

const CARD_STYLES: Record<CardOptions['cardStyle'], CSSProperties> = {
  white: { background: '#fff' },
  border: { background: '#fff', border: '0.5px solid #eee' },
  shadow: { background: '#fff', boxShadow: '0 1px 6px rgba(0,0,0,.08)' },
  plain: {},
};

const IMAGE_HEIGHTS: Record<ProductLayout, number> = {
  big: 200,
  twoColumns: 170,
  threeColumns: 110,
  list: 100,
  scroll: 110,
};

function BuyButton({ text }: { text: string }) {
  const t = useText();
  return (
    <span
      style={{
        fontSize: 11,
        color: '#fff',
        background: BRAND,
        borderRadius: 11,
        padding: '3px 10px',
        flexShrink: 0,
      }}
    >
      {text || t('render.product.buy')}
    </span>
  );
}

export function ProductCard<Row extends ProductRow>({
  row,
  layout,
  options,
  extra,
}: {
  row: Row;
  layout: ProductLayout;
  options: CardOptions;
  /** Activity details under the name: countdown, group size, points… */
  extra?: (row: Row) => ReactNode;
}) {
  const horizontal = layout === 'list';
  const small = layout === 'threeColumns' || layout === 'scroll';
  return (
    <div
      data-row={row.id}
      style={{
        display: 'flex',
        flexDirection: horizontal ? 'row' : 'column',
        borderRadius: 6,
        overflow: 'hidden',
        minWidth: 0,
        width: layout === 'scroll' ? 110 : undefined,
        flexShrink: 0,
        ...CARD_STYLES[options.cardStyle],
      }}
    >
      <Picture
        src={row.image}
        height={IMAGE_HEIGHTS[layout]}
        width={horizontal ? IMAGE_HEIGHTS.list : '100%'}
        alt={row.name}
      />
      <div
        style={{
          padding: small ? 6 : 8,
          flex: 1,
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          gap: 4,
        }}
      >
        {options.showName ? (
          <div style={{ fontSize: small ? 12 : 14, color: '#333', ...ellipsis(2) }}>{row.name}</div>
        ) : null}
        {options.showSellingPoint && row.sellingPoint ? (
          <div style={{ fontSize: 11, color: MUTED, ...ellipsis(1) }}>{row.sellingPoint}</div>
        ) : null}
        {extra ? extra(row) : null}
        <div style={{ display: 'flex', alignItems: 'center', marginTop: 'auto', gap: 4 }}>
          <div style={{ flex: 1, minWidth: 0 }}>
            {options.showPrice ? <Price fen={row.price} size={small ? 13 : 16} /> : null}
            {options.showOriginalPrice ? <StrikePrice fen={row.originalPrice} /> : null}
          </div>
          {options.showBuyButton && !small ? <BuyButton text={options.buttonText} /> : null}
        </div>
        {options.showSales && row.sales !== undefined ? <SalesLine sales={row.sales} /> : null}
      </div>
    </div>
  );
}

function SalesLine({ sales }: { sales: number }) {
  const t = useText();
  return <div style={{ fontSize: 11, color: MUTED }}>{t('render.product.sales', { count: sales })}</div>;
}

export function ProductRows<Row extends ProductRow>({
  rows,
  layout,
  gap,
  options,
  extra,
}: {
  rows: readonly Row[];
  layout: ProductLayout;
  gap: number;
  options: CardOptions;
  extra?: (row: Row) => ReactNode;
}) {
  const cards = rows.map((row) => (
    <ProductCard key={row.id} row={row} layout={layout} options={options} extra={extra} />
  ));
  if (layout === 'scroll') return <HorizontalScroll gap={gap}>{cards}</HorizontalScroll>;
  const columns = layout === 'twoColumns' ? 2 : layout === 'threeColumns' ? 3 : 1;
  return (
    <Grid columns={columns} gap={gap}>
      {cards}
    </Grid>
  );
}
