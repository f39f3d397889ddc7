import type { UserCenterSettings } from '../../../contract/endpoints/module-library';
import type { ShopType } from '../../../contract/enums';
import type { LinkKind } from '../../../contract/link-targets';
import {
  type LinkProblem,
  LinkType,
  linkAppliesTo,
  linkEntity,
  validateLink,
} from '../../../contract/link-value';

/** The user center a shop starts with until it saves its own. */
export function defaultUserCenter(): UserCenterSettings {
  const navigate = (linkUrl: string) => ({ linkType: LinkType.navigate, linkUrl });
  return {
    HeaderStyle: 'card',
    BackgroundColour: '#ff4444',
    BackgroundImage: '',
    Menus: [
      { Id: 'orders', Icon: 'order', Title: '我的订单', Link: navigate('/pages/order/list'), Visible: true },
      { Id: 'coupons', Icon: 'coupon', Title: '优惠券', Link: navigate('/pages/coupon/mine'), Visible: true },
      {
        Id: 'addresses',
        Icon: 'address',
        Title: '收货地址',
        Link: navigate('/pages/address/list'),
        Visible: true,
      },
      { Id: 'member', Icon: 'member', Title: '会员卡', Link: navigate('/pages/member/card'), Visible: true },
      {
        Id: 'service',
        Icon: 'service',
        Title: '联系客服',
        Link: { linkType: LinkType.quickEntry, linkUrl: 'contact' },
        Visible: true,
      },
    ],
  };
}

export type MenuProblem =
  | { kind: 'repeatedId'; index: number; id: string }
  | { kind: 'link'; index: number; problem: LinkProblem };

/** What is wrong with the menu before anything is stored: repeated ids, then each link's content. */
export function menuProblems(settings: UserCenterSettings, shopType: ShopType): MenuProblem[] {
  const problems: MenuProblem[] = [];
  const seen = new Set<string>();
  settings.Menus.forEach((menu, index) => {
    if (seen.has(menu.Id)) problems.push({ kind: 'repeatedId', index, id: menu.Id });
    seen.add(menu.Id);
    for (const problem of validateLink(menu.Link, shopType)) problems.push({ kind: 'link', index, problem });
  });
  return problems;
}

/** The server entities the menu links to, per kind, for the existence check. */
export function menuEntities(settings: UserCenterSettings): Map<LinkKind, Set<number>> {
  const found = new Map<LinkKind, Set<number>>();
  for (const menu of settings.Menus) {
    const entity = linkEntity(menu.Link);
    if (!entity || typeof entity.id !== 'number') continue;
    if (!found.has(entity.kind)) found.set(entity.kind, new Set());
    found.get(entity.kind)!.add(entity.id);
  }
  return found;
}

/** The items a buyer of a shop of this type sees: visible ones whose link the shop has. */
export function storefrontMenus(
  settings: UserCenterSettings,
  shopType: ShopType,
): UserCenterSettings['Menus'] {
  return settings.Menus.filter((menu) => menu.Visible && linkAppliesTo(menu.Link, shopType));
}
