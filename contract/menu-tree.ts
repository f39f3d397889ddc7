/**
 * The whole route tree of SPEC §2 that menus are built from. The server seeds its menus table from
 * it and grants accounts a subset; the browser maps each path to a lazy view. Titles are i18n keys
 * (`route.<titleKey>`), resolved in the active language.
 */
export interface MenuNode {
  /** Path segment relative to the parent, without slashes. */
  segment: string;
  icon?: string;
  hidden?: boolean;
  roles?: readonly string[];
  noCache?: boolean;
  /**
   * The page takes the whole window: the shell folds its sidebar away while the page is open. A
   * browser layout flag only, never stored with the menus.
   */
  fullWindow?: boolean;
  /** Segment of the child opened when the node itself is visited. */
  redirect?: string;
  /** Title key when it differs from the segment (segments repeat across groups). */
  titleKey?: string;
  children?: readonly MenuNode[];
}

function leaves(segments: string, hidden = ''): MenuNode[] {
  const visible = segments.split(/\s+/).filter(Boolean);
  const invisible = hidden.split(/\s+/).filter(Boolean);
  return [
    ...visible.map((segment) => ({ segment })),
    ...invisible.map((segment) => ({ segment, hidden: true })),
  ];
}

export const MENU_TREE: readonly MenuNode[] = [
  {
    segment: 'order',
    icon: 'order',
    redirect: 'parameterSetting',
    children: leaves(
      'parameterSetting distributionSetting orderSupervise underLineOrder rechargeOrder salesReport salesVolumeReport faceConfig facePrinting faceSupervise receiptPrinting',
      'orderDetails editFaceConfig',
    ),
  },
  {
    segment: 'distribution',
    icon: 'distribution',
    redirect: 'promotionSetting',
    children: [
      ...leaves('promotionSetting settlementReport withdrawList', 'settlementOrderDetails wechartList'),
      { segment: 'accountList', titleKey: 'distributionAccountList' },
    ],
  },
  {
    segment: 'customer',
    icon: 'customer',
    redirect: 'allCustomer',
    children: [
      { segment: 'allCustomer' },
      { segment: 'accountList', titleKey: 'customerAccountList' },
      ...leaves(
        'complainAdvise systemLog writeoffSupervise writeoffLog ticketSupervise',
        'sendCoupon umbrellaPerformance memberDetails',
      ),
    ],
  },
  {
    segment: 'goods',
    icon: 'goods',
    redirect: 'goodsClassify',
    children: leaves(
      'goodsClassify issueGoods goodsList goodsComment recycledList',
      'editGoodsDetails formatProperties',
    ),
  },
  {
    segment: 'addedValue',
    icon: 'addedValue',
    redirect: 'messageRecharge',
    children: leaves('messageRecharge flowRecharge', 'rechargeRecord sendMessageRecord'),
  },
  {
    segment: 'smallRoutine',
    icon: 'smallRoutine',
    redirect: 'smallRoutineSupervise',
    children: leaves(
      'smallRoutineSupervise templateMessage customerMessage subscribeMsg livePlayer',
      'packSmallRoutine payApplymentList payApplyment settingTemplateMessage sendMessage sendDetails addSend customerMessageSetting customerMessageList settingSubscribeMsg createrLivePlayerRoom livePlayerGoodList liveRoomAndGoodList liveRoomGoodSaleReport liveRoomOrderSalesReport',
    ),
  },
  {
    segment: 'marketing',
    icon: 'marketing',
    redirect: 'couponActivity',
    children: [
      {
        segment: 'couponActivity',
        redirect: 'sendSetting',
        children: leaves(
          'sendSetting onlineCoupon underlineCoupon sendCouponList',
          'couponSend editCoupon underLineBuild underLineCouponList',
        ),
      },
      {
        segment: 'integralExchange',
        redirect: 'issueIntegral',
        children: leaves(
          'integralSetting issueIntegral integralList exchangeOrderList integralInquiry',
          'integralOrderDetails integralDetails',
        ),
      },
      { segment: 'secKillActivity' },
      ...leaves('', 'secKillGoodsText seckillGoodList'),
      { segment: 'allCluster' },
      { segment: 'lotteryActivity' },
      ...leaves('', 'editLotteryActivity lotteryDetails'),
      {
        segment: 'bespeakForm',
        redirect: 'formClassify',
        children: leaves(
          'formClassify formSupervise',
          'editBespeak bespeakOrderSupervise bespeakOrderDetails',
        ),
      },
      { segment: 'deliveryActivities' },
      {
        segment: 'memberSupervise',
        redirect: 'memberStoredValue',
        children: leaves('memberStoredValue memberGrade preferentialSetting', 'editMemberGrade'),
      },
      { segment: 'bargainActivity' },
      ...leaves('', 'editBargain bargainText bargainDetails bargainDefiniteDetails'),
    ],
  },
  {
    segment: 'shop',
    icon: 'shop',
    redirect: 'shopInfo',
    children: [
      { segment: 'shopInfo' },
      {
        segment: 'decorateShop',
        redirect: 'miniProgramsTemplate',
        children: [
          ...leaves(
            'miniProgramsTemplate publicTemplate smartForm userTemplate imagesSupervise posterSupervise',
            'feedbackList feedbackDetails editPoster editCertificate',
          ),
          { segment: 'editTemplate', hidden: true, noCache: true, fullWindow: true },
          { segment: 'customFormDataEdit', hidden: true, noCache: true },
        ],
      },
      ...leaves(
        'freightTemplate payConfig moreShopSupervise publicColumn imageTextSupervise noticeSupervise',
        'editFreight moreShopEdit columnEdit imageTextEdit columnText commentTable',
      ),
      // The service shop type's (7) content, beside the other verticals' (not in SPEC §2's list).
      ...leaves('technicianSupervise serviceSupervise', 'technicianEdit serviceEdit'),
    ],
  },
  {
    segment: 'permission',
    icon: 'lock',
    redirect: 'page',
    roles: ['admin', 'editor'],
    children: [
      { segment: 'page', titleKey: 'pagePermission', roles: ['admin'] },
      { segment: 'directive', titleKey: 'directivePermission' },
      { segment: 'role', titleKey: 'rolePermission', roles: ['admin'] },
    ],
  },
  {
    segment: 'error',
    icon: 'bug',
    redirect: '401',
    titleKey: 'errorPages',
    children: [
      { segment: '401', titleKey: 'page401', noCache: true },
      { segment: '404', titleKey: 'page404', noCache: true },
    ],
  },
  {
    segment: 'error-log',
    icon: 'bug',
    redirect: 'log',
    titleKey: 'errorLog',
    children: [{ segment: 'log', titleKey: 'errorLog' }],
  },
];

/** A menu node with its absolute path and unique route name, flattened depth first. */
export interface FlatMenu {
  path: string;
  parentPath: string | null;
  name: string;
  titleKey: string;
  node: MenuNode;
  depth: number;
}

function pascal(segment: string): string {
  return segment
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

export function flattenMenuTree(tree: readonly MenuNode[] = MENU_TREE): FlatMenu[] {
  const out: FlatMenu[] = [];
  const walk = (nodes: readonly MenuNode[], parentPath: string | null, parentName: string, depth: number) => {
    for (const node of nodes) {
      const path = `${parentPath ?? ''}/${node.segment}`;
      const name = depth === 0 ? pascal(node.segment) : `${parentName}${pascal(node.segment)}`;
      out.push({ path, parentPath, name, titleKey: node.titleKey ?? node.segment, node, depth });
      if (node.children) walk(node.children, path, name, depth + 1);
    }
  };
  walk(tree, null, '', 0);
  return out;
}

/** Paths that accounts of each kind are granted by default. Sub and store accounts get a subset. */
export const DEFAULT_GRANT_PREFIXES = {
  main: ['/'],
  sub: ['/order', '/goods', '/customer', '/shop/decorateShop', '/error', '/error-log'],
  store: [
    '/order/orderSupervise',
    '/order/orderDetails',
    '/order/underLineOrder',
    '/goods/goodsList',
    '/goods/editGoodsDetails',
    // A store account keeps its own store's phone, hours and pickup switch up to date.
    '/shop/moreShopSupervise',
    '/shop/moreShopEdit',
    '/customer/writeoffSupervise',
    '/customer/writeoffLog',
    '/customer/ticketSupervise',
  ],
} as const;
