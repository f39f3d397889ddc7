import { LINK_TARGETS } from '../../contract/link-targets';
import type { LotteryRow } from '../data-rows';
import {
  BlockBox,
  BRAND,
  EmptyRows,
  ellipsis,
  MUTED,
  Picture,
  type RendererProps,
  useText,
} from '../renderer-kit';
import type { Props } from './definition';

/** The mini-program page a draw opens, the same page an activity link opens. */
const DRAW_PAGE = LINK_TARGETS.find((target) => target.kind === 'activity')!.page;

/** What one draw takes to enter, as the shopper reads it before tapping. */
function costText(row: LotteryRow, t: ReturnType<typeof useText>): string {
  if (row.entryMode === 'points') return t('render.lottery.cost.points', { points: row.pointsCost });
  return t(`render.lottery.cost.${row.entryMode}`);
}

function DrawCard({ row, props }: { row: LotteryRow; props: Props }) {
  const t = useText();
  const running = row.state === 'running';
  return (
    <div
      data-row={row.id}
      data-link={`${DRAW_PAGE}?id=${row.id}`}
      style={{
        display: 'flex',
        gap: 10,
        alignItems: 'center',
        padding: 8,
        borderRadius: 8,
        background: '#fff',
      }}
    >
      <Picture src={row.image} width={72} height={72} radius={6} alt={row.title} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ fontSize: 14, fontWeight: 600, color: '#333', ...ellipsis(1) }}>{row.title}</div>
        <div data-part="draw-state" style={{ fontSize: 11, color: running ? BRAND : MUTED, marginTop: 4 }}>
          {t(`render.lottery.state.${row.state}`)}
        </div>
        {props.showCost ? (
          <div data-part="draw-cost" style={{ fontSize: 11, color: MUTED, marginTop: 2 }}>
            {costText(row, t)}
          </div>
        ) : null}
      </div>
      <span
        style={{
          fontSize: 12,
          color: '#fff',
          // A draw that cannot be entered now greys its button out, as the mini-program does.
          background: running ? BRAND : '#8c8c8c',
          borderRadius: 14,
          padding: '5px 12px',
          flexShrink: 0,
        }}
      >
        {props.buttonText || t('render.lottery.button')}
      </span>
    </div>
  );
}

export function LotteryBlock({ props, data, context }: RendererProps<Props, LotteryRow>) {
  const t = useText();
  return (
    <BlockBox box={props} style={{ background: props.background || '#fff5f0' }}>
      <div
        style={{
          padding: '10px 12px',
          background: `linear-gradient(90deg, ${BRAND}, #ff7a45)`,
          color: '#fff',
          fontSize: 16,
          fontWeight: 700,
        }}
      >
        {props.title || t('render.lottery.title')}
      </div>
      {data && data.length > 0 ? (
        <div style={{ padding: 8, display: 'flex', flexDirection: 'column', gap: 8 }}>
          {data.map((row) => (
            <DrawCard key={row.id} row={row} props={props} />
          ))}
        </div>
      ) : (
        <EmptyRows
          context={context}
          messageId={props.source === 'manual' ? 'render.lottery.choose' : 'render.lottery.none'}
        />
      )}
    </BlockBox>
  );
}
