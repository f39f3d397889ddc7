import { type Card, CardList, type CardLook, type Translate } from '../card-list-kit';
import type { NewsRow } from '../data-rows';
import { MUTED, type RendererProps } from '../renderer-kit';
import type { Props } from './definition';

const RIGHT_IMAGE: CardLook = {
  direction: 'row',
  gap: 10,
  separated: true,
  card: { padding: 12 },
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

const META = { display: 'flex', gap: 10, fontSize: 11, color: MUTED };

function newsCard(row: NewsRow, props: Props, t: Translate): Card {
  return {
    id: row.id,
    image: row.image,
    title: row.title,
    // The title beside it already says what the picture shows.
    imageAlt: '',
    body: (
      <div style={META}>
        {props.showDate ? <span>{row.publishedAt.slice(0, 10)}</span> : null}
        {props.showViews ? <span>{t('render.news.views', { count: row.views })}</span> : null}
      </div>
    ),
  };
}

export function NewsListBlock({ props, data, context }: RendererProps<Props, NewsRow>) {
  return (
    <CardList
      props={props}
      rows={data}
      context={context}
      emptyId={props.source === 'manual' ? 'render.news.choose' : 'render.news.none'}
      look={LOOKS[props.layout]}
      toCard={newsCard}
    />
  );
}
