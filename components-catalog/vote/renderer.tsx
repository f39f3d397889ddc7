import type { VoteRow } from '../data-rows';
import { BlockBox, BRAND, EmptyRows, MUTED, type RendererProps, useText } from '../renderer-kit';
import type { Props } from './definition';

export function VoteBlock({ props, data, context }: RendererProps<Props, VoteRow>) {
  const t = useText();
  const vote = data?.[0];
  if (!vote) {
    return (
      <BlockBox box={props}>
        <EmptyRows context={context} messageId="render.vote.choose" />
      </BlockBox>
    );
  }
  const total = vote.options.reduce((sum, option) => sum + option.votes, 0);
  return (
    <BlockBox box={props} style={{ background: props.background || '#ffffff', padding: 14 }}>
      <div data-row={vote.id} style={{ fontSize: 16, fontWeight: 600, color: '#333' }}>
        {vote.title}
      </div>
      <div style={{ fontSize: 11, color: MUTED, margin: '4px 0 10px' }}>
        {t('render.vote.total', { count: total })}
      </div>
      {vote.options.map((option) => {
        const percent = total > 0 ? Math.round((option.votes / total) * 100) : 0;
        return (
          <div key={option.text} style={{ marginBottom: 8 }}>
            <div style={{ display: 'flex', justifyContent: 'space-between', fontSize: 13, color: '#333' }}>
              <span>{option.text}</span>
              {props.showResults ? <span style={{ color: MUTED }}>{percent}%</span> : null}
            </div>
            {props.showResults ? (
              <div style={{ height: 6, borderRadius: 3, background: '#f2f2f2', marginTop: 4 }}>
                <div style={{ width: `${percent}%`, height: '100%', borderRadius: 3, background: BRAND }} />
              </div>
            ) : null}
          </div>
        );
      })}
      <div style={{ textAlign: 'center', marginTop: 10 }}>
        <span
          style={{
            display: 'inline-block',
            fontSize: 14,
            color: '#fff',
            background: BRAND,
            borderRadius: 18,
            padding: '7px 36px',
          }}
        >
          {props.buttonText || t('render.vote.button')}
        </span>
      </div>
    </BlockBox>
  );
}
