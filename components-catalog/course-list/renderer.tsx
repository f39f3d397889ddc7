import { type Card, CardList, type CardLook, type Translate } from '../card-list-kit';
import type { CourseRow } from '../data-rows';
import { MUTED, Price, type RendererProps } from '../renderer-kit';
import type { Props } from './definition';

const TEXT = { gap: 4 };
const TITLE = { size: 14, bold: false, lines: 2 };

const LIST: CardLook = {
  grid: { columns: 1, gap: 10 },
  direction: 'row',
  gap: 8,
  blockPadding: 10,
  image: { width: 120, height: 76, radius: 4 },
  text: TEXT,
  title: TITLE,
};

const COLUMNS: CardLook = {
  ...LIST,
  grid: { columns: 2, gap: 10 },
  direction: 'column',
  image: { width: '100%', height: 96, radius: 4 },
};

function courseCard(course: CourseRow, props: Props, t: Translate): Card {
  return {
    id: course.id,
    image: course.image,
    title: course.title,
    body: (
      <>
        <div style={{ fontSize: 11, color: MUTED, display: 'flex', gap: 8 }}>
          {props.showLessons ? <span>{t('render.course.lessons', { count: course.lessons })}</span> : null}
          {props.showStudents ? <span>{t('render.course.students', { count: course.students })}</span> : null}
        </div>
        {props.showPrice ? (
          course.price > 0 ? (
            <Price fen={course.price} size={14} />
          ) : (
            <span style={{ color: '#07c160', fontSize: 13 }}>{t('render.course.free')}</span>
          )
        ) : null}
      </>
    ),
  };
}

export function CourseListBlock({ props, data, context }: RendererProps<Props, CourseRow>) {
  return (
    <CardList
      props={props}
      rows={data}
      context={context}
      emptyId={props.source === 'manual' ? 'render.course.choose' : 'render.course.none'}
      look={props.layout === 'list' ? LIST : COLUMNS}
      toCard={courseCard}
    />
  );
}
