import { type CardBlock, CardList, type CardLook, MutedLine, STACKED } from '../card-list-kit';
import type { NewsRow } from '../data-rows';
import type { RendererProps } from '../renderer-kit';
import type { Props } from './definition';

const RIGHT_IMAGE: CardLook = {
  ...STACKED,
  image: { width: 110, height: 74, radius: 4 },
  imageLast: true,
  text: { gap: 6, justifyContent: 'space-between' },
  title: { size: 15, bold: false, lines: 2 },
};
const LOOKS: Record<Props['layout'], CardLook> = {
  rightImage: RIGHT_IMAGE,
  leftImage: { ...RIGHT_IMAGE, direction: 'row-reverse' },
  bigImage: { ...RIGHT_IMAGE, direction: 'column', image: { width: '100%', height: 170, radius: 4 } },
  textOnly: { ...RIGHT_IMAGE, image: null },
};

const BLOCK: CardBlock<Props, NewsRow> = {
  emptyId: (props) => (props.source === 'manual' ? 'render.news.choose' : 'render.news.none'),
  look: (props) => LOOKS[props.layout],
  toCard: (row, props, t) => ({
    title: row.title,
    // The title beside it already says what the picture shows.
    imageAlt: '',
    body: (
      <MutedLine gap={10}>
        {props.showDate ? <span>{row.publishedAt.slice(0, 10)}</span> : null}
        {props.showViews ? <span>{t('render.news.views', { count: row.views })}</span> : null}
      </MutedLine>
    ),
  }),
};

export function NewsListBlock(renderer: RendererProps<Props, NewsRow>) {
  return <CardList {...renderer} block={BLOCK} />;
}
