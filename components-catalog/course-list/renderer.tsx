import type { CourseRow } from '../data-rows';
import {
  BlockBox,
  EmptyRows,
  ellipsis,
  Grid,
  MUTED,
  Picture,
  Price,
  type RendererProps,
  useText,
} from '../renderer-kit';
import type { Props } from './definition';

export function CourseListBlock({ props, data, context }: RendererProps<Props, CourseRow>) {
  const t = useText();
  if (!data || data.length === 0) {
    return (
      <BlockBox box={props}>
        <EmptyRows
          context={context}
          messageId={props.source === 'manual' ? 'render.course.choose' : 'render.course.none'}
        />
      </BlockBox>
    );
  }
  const list = props.layout === 'list';
  return (
    <BlockBox box={props} style={{ background: props.background || '#ffffff', padding: 10 }}>
      <Grid columns={list ? 1 : 2} gap={10}>
        {data.map((course) => (
          <div
            key={course.id}
            data-row={course.id}
            style={{ display: 'flex', flexDirection: list ? 'row' : 'column', gap: 8 }}
          >
            <Picture
              src={course.image}
              width={list ? 120 : '100%'}
              height={list ? 76 : 96}
              radius={4}
              alt={course.title}
            />
            <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 4 }}>
              <div style={{ fontSize: 14, color: '#333', ...ellipsis(2) }}>{course.title}</div>
              <div style={{ fontSize: 11, color: MUTED, display: 'flex', gap: 8 }}>
                {props.showLessons ? (
                  <span>{t('render.course.lessons', { count: course.lessons })}</span>
                ) : null}
                {props.showStudents ? (
                  <span>{t('render.course.students', { count: course.students })}</span>
                ) : null}
              </div>
              {props.showPrice ? (
                course.price > 0 ? (
                  <Price fen={course.price} size={14} />
                ) : (
                  <span style={{ color: '#07c160', fontSize: 13 }}>{t('render.course.free')}</span>
                )
              ) : null}
            </div>
          </div>
        ))}
      </Grid>
    </BlockBox>
  );
}
