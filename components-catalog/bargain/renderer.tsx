import { ActivityView } from '../activity-view';
import type { ActivityProductRow } from '../data-rows';
import { MUTED, type RendererProps, useText } from '../renderer-kit';
import type { Props } from './definition';

export function BargainBlock({ props, data, context }: RendererProps<Props, ActivityProductRow>) {
  const t = useText();
  return (
    <ActivityView
      props={props}
      context={context}
      rows={data}
      titleKey="render.bargain.title"
      emptyKey={props.source === 'manual' ? 'render.activity.choose' : 'render.activity.none'}
      extra={(row) =>
        props.showJoined && row.joined !== undefined ? (
          <span style={{ fontSize: 11, color: MUTED }}>
            {t('render.bargain.joined', { count: row.joined })}
          </span>
        ) : null
      }
    />
  );
}
