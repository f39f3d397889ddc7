import { type CardBlock, CardList, type CardLook, MutedLine } from '../card-list-kit';
import type { CourseRow } from '../data-rows';
import type { RendererProps } from '../renderer-kit';
import { Price } from '../renderer-kit';
import type { Props } from './definition';

const LIST: CardLook = {
  grid: { columns: 1, gap: 10 },
  direction: 'row',
  gap: 8,
  blockPadding: 10,
  image: { width: 120, height: 76, radius: 4 },
  text: { gap: 4 },
  title: { size: 14, bold: false, lines: 2 },
};
const COLUMNS: CardLook = {
  ...LIST,
  grid: { columns: 2, gap: 10 },
  direction: 'column',
  image: { width: '100%', height: 96, radius: 4 },
};

const BLOCK: CardBlock<Props, CourseRow> = {
  emptyId: (props) => (props.source === 'manual' ? 'render.course.choose' : 'render.course.none'),
  look: (props) => (props.layout === 'list' ? LIST : COLUMNS),
  toCard: (course, props, t) => ({
    title: course.title,
    body: (
      <>
        <MutedLine gap={8}>
          {props.showLessons ? <span>{t('render.course.lessons', { count: course.lessons })}</span> : null}
          {props.showStudents ? <span>{t('render.course.students', { count: course.students })}</span> : null}
        </MutedLine>
        {!props.showPrice ? null : course.price > 0 ? (
          <Price fen={course.price} size={14} />
        ) : (
          <span style={{ color: '#07c160', fontSize: 13 }}>{t('render.course.free')}</span>
        )}
      </>
    ),
  }),
};

export function CourseListBlock(renderer: RendererProps<Props, CourseRow>) {
  return <CardList {...renderer} block={BLOCK} />;
}
