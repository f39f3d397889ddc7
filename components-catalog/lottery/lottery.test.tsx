// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { SHOP_TYPES, ShopType } from '../../contract/enums';
import { isLinkAllowed } from '../../contract/link-targets';
import type { LotteryRow } from '../data-rows';
import { en } from '../i18n/en';
import { zh } from '../i18n/zh';
import { definition } from './definition';
import { LotteryBlock } from './renderer';

afterEach(cleanup);

const NOW = Date.parse('2025-06-01T10:00:00Z');

const draw = (
  id: number,
  state: LotteryRow['state'],
  entryMode: LotteryRow['entryMode'],
  pointsCost = 0,
) => ({
  id,
  title: `抽奖${id}`,
  image: '',
  summary: '',
  state,
  entryMode,
  pointsCost,
  startsAt: '2025-06-01T00:00:00Z',
  endsAt: '2025-07-01T00:00:00Z',
});

function renderDraws(rows: LotteryRow[], props: Record<string, unknown> = {}, messages = zh) {
  return render(
    <IntlProvider locale={messages === en ? 'en' : 'zh'} messages={messages}>
      <LotteryBlock
        props={{ ...definition.defaults(), ...props }}
        data={rows}
        context={{ mode: 'preview', shopType: ShopType.mall, now: NOW }}
      />
    </IntlProvider>,
  );
}

describe('the lucky-draw block', () => {
  it.each(SHOP_TYPES.map((shopType) => [shopType] as const))(
    'is offered to shop type %i exactly when an activity may be linked to',
    (shopType) => {
      expect(definition.shopTypes.includes(shopType)).toBe(isLinkAllowed('activity', shopType));
    },
  );

  it.each([
    ['running', 'free', 0, '进行中', '免费参与'],
    ['notStarted', 'points', 50, '未开始', '每次消耗 50 积分'],
    ['ended', 'order', 0, '已结束', '下单即可抽奖'],
    ['off', 'points', 1, '已关闭', '每次消耗 1 积分'],
  ] as const)('labels a %s draw entered by %s (%i points)', (state, mode, points, stateText, costText) => {
    const { container } = renderDraws([draw(5, state, mode, points)]);
    expect(container.querySelector('[data-part="draw-state"]')?.textContent).toBe(stateText);
    expect(container.querySelector('[data-part="draw-cost"]')?.textContent).toBe(costText);
  });

  it('counts points in English with the right plural', () => {
    const one = renderDraws([draw(5, 'running', 'points', 1)], {}, en);
    expect(one.container.querySelector('[data-part="draw-cost"]')?.textContent).toBe('1 point a draw');
    cleanup();
    const many = renderDraws([draw(5, 'running', 'points', 20)], {}, en);
    expect(many.container.querySelector('[data-part="draw-cost"]')?.textContent).toBe('20 points a draw');
  });

  it('links each draw to its page, in the order given, and hides the cost when switched off', () => {
    const { container } = renderDraws([draw(9, 'running', 'free'), draw(3, 'ended', 'free')], {
      showCost: false,
    });
    const links = [...container.querySelectorAll('[data-row]')].map((row) => row.getAttribute('data-link'));
    expect(links).toEqual(['/pages/activity/detail?id=9', '/pages/activity/detail?id=3']);
    expect(container.querySelector('[data-part="draw-cost"]')).toBeNull();
  });

  it('asks for running draws by default and for the chosen ones in their order', () => {
    expect(definition.data!(definition.defaults())).toEqual({
      source: 'lotteries',
      ids: [],
      filter: { state: 'ongoing' },
      limit: 3,
    });
    const chosen = [
      { linkType: 11 as const, id: 8, linkTitle: '大转盘' },
      { linkType: 11 as const, id: 2, linkTitle: '九宫格' },
    ];
    expect(definition.data!({ ...definition.defaults(), source: 'manual', draws: chosen })).toEqual({
      source: 'lotteries',
      ids: [8, 2],
      limit: 2,
    });
    expect(definition.data!({ ...definition.defaults(), source: 'manual', draws: [] })).toBeNull();
  });
});
