import { ActivityView } from '../activity-view';
import type { ActivityProductRow } from '../data-rows';
import { BRAND, type RendererProps, useText } from '../renderer-kit';
import type { Props } from './definition';

export function GroupBuyBlock({ props, data, context }: RendererProps<Props, ActivityProductRow>) {
  const t = useText();
  return (
    <ActivityView
      props={props}
      context={context}
      rows={data}
      titleKey="render.groupBuy.title"
      emptyKey={props.source === 'manual' ? 'render.activity.choose' : 'render.activity.none'}
      extra={(row) =>
        props.showGroupSize && row.groupSize ? (
          <span
            style={{
              alignSelf: 'flex-start',
              fontSize: 10,
              color: BRAND,
              border: `0.5px solid ${BRAND}`,
              borderRadius: 2,
              padding: '0 4px',
            }}
          >
            {t('render.groupBuy.size', { count: row.groupSize })}
          </span>
        ) : null
      }
    />
  );
}
