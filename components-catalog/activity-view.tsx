import type { ReactNode } from 'react';
import type { ActivityProps } from './activity-kit';
import type { ActivityProductRow, ProductRow } from './data-rows';
import { ProductRows } from './product-card';
import { BlockBox, BRAND, EmptyRows, type RenderContext, useText } from './renderer-kit';

/** The frame of an activity block: a coloured header with title and aside, then the offer cards. */
/** A label on an offer that cannot be bought now (chosen by hand, it may not have started or be over). */
function StateLabel({ state }: { state: ActivityProductRow['state'] }) {
  const t = useText();
  if (!state || state === 'running') return null;
  return (
    <span data-part="offer-state" style={{ fontSize: 10, color: '#8c8c8c' }}>
      {t(`render.activity.state.${state}`)}
    </span>
  );
}

export function ActivityView<Row extends ProductRow & Pick<ActivityProductRow, 'state'>>({
  props,
  context,
  rows,
  titleKey,
  aside,
  extra,
  emptyKey,
}: {
  props: ActivityProps;
  context: RenderContext;
  rows: readonly Row[] | undefined;
  titleKey: string;
  aside?: ReactNode;
  extra?: (row: Row) => ReactNode;
  emptyKey: string;
}) {
  const t = useText();
  return (
    <BlockBox box={props} style={{ background: props.background || '#ffffff' }}>
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          padding: '10px 12px',
          background: `linear-gradient(90deg, ${BRAND}, #ff7a45)`,
          color: '#fff',
        }}
      >
        <span style={{ fontSize: 16, fontWeight: 700 }}>{props.title || t(titleKey)}</span>
        {aside}
      </div>
      <div style={{ padding: 8 }}>
        {rows && rows.length > 0 ? (
          <ProductRows
            rows={rows}
            layout={props.layout}
            gap={8}
            extra={(row) => (
              <>
                <StateLabel state={row.state} />
                {extra?.(row)}
              </>
            )}
            options={{
              showName: true,
              showSellingPoint: false,
              showPrice: true,
              showOriginalPrice: props.showOriginalPrice,
              showSales: false,
              showBuyButton: props.layout !== 'scroll',
              buttonText: '',
              cardStyle: 'white',
            }}
          />
        ) : (
          <EmptyRows context={context} messageId={emptyKey} />
        )}
      </div>
    </BlockBox>
  );
}
