import { type CardBlock, CardList, type CardLook, MutedLine } from '../card-list-kit';
import type { ServiceRow } from '../data-rows';
import type { RendererProps } from '../renderer-kit';
import { Price } from '../renderer-kit';
import type { Props } from './definition';

const LIST: CardLook = {
  grid: { columns: 1, gap: 10 },
  direction: 'row',
  gap: 8,
  align: 'stretch',
  blockPadding: 10,
  image: { width: 80, height: 80, radius: 4 },
  text: { gap: 3, textAlign: 'left' },
  title: { size: 14, bold: true, lines: 1 },
};
const GRID: CardLook = {
  ...LIST,
  grid: { columns: 2, gap: 10 },
  direction: 'column',
  align: 'center',
  image: { width: '100%', height: 110, radius: 4 },
  text: { gap: 3, textAlign: 'center' },
};
// Technicians show as round portraits.
const LOOKS: Record<Props['mode'], Record<Props['layout'], CardLook>> = {
  services: { list: LIST, grid: GRID },
  technicians: {
    list: { ...LIST, image: { width: 80, height: 80, radius: '50%' } },
    grid: { ...GRID, image: { width: 72, height: 72, radius: '50%' } },
  },
};

const BLOCK: CardBlock<Props, ServiceRow> = {
  emptyId: (props) => (props.mode === 'services' ? 'render.service.none' : 'render.service.noTechnicians'),
  look: (props) => LOOKS[props.mode][props.layout],
  toCard: (row, props, t) => {
    const technicians = props.mode === 'technicians';
    return {
      title: row.name,
      body: (
        <>
          <MutedLine clip>
            {technicians ? row.subtitle : t('render.service.minutes', { count: row.minutes })}
          </MutedLine>
          {props.showRating ? (
            <div style={{ fontSize: 11, color: '#ff9900' }}>
              {t('render.service.rating', { rating: row.rating.toFixed(1) })}
            </div>
          ) : null}
          {props.showPrice && !technicians ? <Price fen={row.price} size={14} /> : null}
        </>
      ),
    };
  },
};

export function ServiceListBlock(renderer: RendererProps<Props, ServiceRow>) {
  return <CardList {...renderer} block={BLOCK} />;
}
