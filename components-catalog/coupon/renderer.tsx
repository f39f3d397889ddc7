import type { CouponRow } from '../data-rows';
import {
  BlockBox,
  EmptyRows,
  ellipsis,
  formatFen,
  MUTED,
  type RendererProps,
  useText,
} from '../renderer-kit';
import type { Props } from './definition';

function CouponTicket({ row, colour, wide }: { row: CouponRow; colour: string; wide: boolean }) {
  const t = useText();
  const value =
    row.type === 'amount'
      ? `¥${formatFen(row.value)}`
      : row.type === 'discount'
        ? t('render.coupon.discount', { value: row.value / 10 })
        : t('render.coupon.freeShipping');
  const valid = row.validDays ? t('render.coupon.validDays', { days: row.validDays }) : row.validText;
  return (
    <div
      data-row={row.id}
      style={{
        display: 'flex',
        alignItems: 'stretch',
        minWidth: wide ? undefined : 150,
        flexShrink: 0,
        border: `1px solid ${colour}`,
        borderRadius: 6,
        overflow: 'hidden',
        background: '#fff',
      }}
    >
      <div
        style={{
          width: 76,
          background: colour,
          color: '#fff',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          padding: 6,
        }}
      >
        <span style={{ fontSize: 18, fontWeight: 700 }}>{value}</span>
        <span style={{ fontSize: 10 }}>
          {row.threshold > 0
            ? t('render.coupon.threshold', { amount: formatFen(row.threshold) })
            : t('render.coupon.noThreshold')}
        </span>
      </div>
      <div
        style={{
          flex: 1,
          padding: '6px 8px',
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          gap: 4,
        }}
      >
        <span style={{ fontSize: 12, color: '#333', ...ellipsis(1) }}>{row.name}</span>
        <span style={{ fontSize: 10, color: MUTED, ...ellipsis(1) }}>{valid}</span>
        <span style={{ alignSelf: 'flex-start', fontSize: 11, color: colour }}>
          {t('render.coupon.claim')}
        </span>
      </div>
    </div>
  );
}

export function CouponBlock({ props, data, context }: RendererProps<Props, CouponRow>) {
  if (!data || data.length === 0) {
    return (
      <BlockBox box={props}>
        <EmptyRows
          context={context}
          messageId={props.source === 'manual' ? 'render.coupon.choose' : 'render.coupon.none'}
        />
      </BlockBox>
    );
  }
  const wide = props.layout !== 'scroll';
  return (
    <BlockBox box={props} style={{ padding: 8 }}>
      <div
        style={
          props.layout === 'scroll'
            ? { display: 'flex', gap: 8, overflowX: 'auto' }
            : props.layout === 'grid'
              ? { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 8 }
              : { display: 'flex', flexDirection: 'column', gap: 8 }
        }
      >
        {data.map((row) => (
          <CouponTicket key={row.id} row={row} colour={props.colour} wide={wide} />
        ))}
      </div>
    </BlockBox>
  );
}
