import { ActivityView } from '../activity-view';
import type { ActivityProductRow } from '../data-rows';
import { BRAND, type RendererProps, timeLeft, useText } from '../renderer-kit';
import type { Props } from './definition';

export function SeckillBlock({ props, data, context }: RendererProps<Props, ActivityProductRow>) {
  const t = useText();
  // The header counts down to the first offer to end, as shoppers care about the nearest deadline.
  const ends = (data ?? [])
    .map((row) => row.endsAt)
    .filter((value): value is string => Boolean(value))
    .sort();
  const left = props.showCountdown ? timeLeft(ends[0], context.now) : null;
  return (
    <ActivityView
      props={props}
      context={context}
      rows={data}
      titleKey="render.seckill.title"
      emptyKey={props.source === 'manual' ? 'render.activity.choose' : 'render.activity.none'}
      aside={
        left ? (
          <span data-part="countdown" style={{ fontSize: 12 }}>
            {t('render.seckill.endsIn', { time: left })}
          </span>
        ) : null
      }
      extra={(row) =>
        props.showStock && row.soldPercent !== undefined ? (
          <div
            style={{
              height: 12,
              borderRadius: 6,
              background: '#ffe4e4',
              position: 'relative',
              overflow: 'hidden',
            }}
          >
            <div style={{ width: `${Math.min(100, row.soldPercent)}%`, height: '100%', background: BRAND }} />
            <span
              style={{
                position: 'absolute',
                left: 6,
                top: 0,
                fontSize: 9,
                lineHeight: '12px',
                color: '#fff',
              }}
            >
              {t('render.seckill.sold', { percent: row.soldPercent })}
            </span>
          </div>
        ) : null
      }
    />
  );
}
