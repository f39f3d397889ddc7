// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { ShopType } from '../../contract/enums';
import type { NoticeRow } from '../data-rows';
import { zh } from '../i18n/zh';
import type { RenderMode } from '../renderer-kit';
import { definition, type Props } from './definition';
import { NoticeBlock } from './renderer';

afterEach(cleanup);

const rows: NoticeRow[] = [
  { id: 1, title: '春季上新全场包邮', content: '', mode: 'scroll' },
  { id: 2, title: '五一营业时间调整', content: '', mode: 'popup' },
];

function draw(props: Partial<Props>, data: readonly NoticeRow[] | undefined, mode: RenderMode = 'editing') {
  return render(
    <IntlProvider locale="zh" messages={zh}>
      <NoticeBlock
        props={definition.schema.parse(props)}
        data={data}
        context={{ mode, shopType: ShopType.mall, now: 0 }}
      />
    </IntlProvider>,
  ).container;
}

describe('notice block', () => {
  it('keeps typed text by default, so saved pages without a source read as before', () => {
    const props = definition.schema.parse({ text: '欢迎光临' });
    expect(props.source).toBe('text');
    expect(definition.data!(props)).toBeNull();
    expect(draw({ text: '欢迎光临' }, rows).textContent).toBe('欢迎光临');
  });

  it('asks for the running notices up to its limit and shows their titles in order', () => {
    expect(definition.data!(definition.schema.parse({ source: 'running', limit: 2 }))).toEqual({
      source: 'notices',
      ids: [],
      limit: 2,
    });
    const text = draw({ source: 'running' }, rows, 'preview').textContent ?? '';
    expect(text.indexOf('春季上新全场包邮')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('五一营业时间调整')).toBeGreaterThan(text.indexOf('春季上新全场包邮'));
  });

  it('tells the designer when no notice is running and shows visitors nothing', () => {
    expect(draw({ source: 'running' }, []).textContent).toBe(zh['render.notice.none']);
    expect(draw({ source: 'running' }, [], 'preview').textContent).toBe('');
  });

  it('refuses a limit outside 1–10', () => {
    expect(definition.schema.safeParse({ source: 'running', limit: 0 }).success).toBe(false);
    expect(definition.schema.safeParse({ source: 'running', limit: 11 }).success).toBe(false);
    expect(definition.schema.safeParse({ source: 'running', limit: 10 }).success).toBe(true);
  });
});
