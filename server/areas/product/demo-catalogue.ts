import type { SaveFreightTemplateInput } from '../../../contract/endpoints/freight-templates';
/** The demo shops' catalogue: a two-level category tree, goods name parts and spec templates. */

export interface DemoSpec {
  name: string;
  values: readonly string[];
  /** How many of the values each goods uses (a range: each goods picks its own subset). */
  pick: readonly [number, number];
}

export interface DemoSubcategory {
  name: string;
  items: readonly string[];
  specs: readonly DemoSpec[];
  /** Price range in fen. */
  price: readonly [number, number];
  weightG: number;
}

export interface DemoCategory {
  name: string;
  color: string;
  prefixes: readonly string[];
  suffixes: readonly string[];
  highlights: readonly string[];
  children: readonly DemoSubcategory[];
}

const colors = (...values: string[]): DemoSpec => ({ name: '颜色', values, pick: [2, 3] });
const clothingSizes: DemoSpec = { name: '尺码', values: ['S', 'M', 'L', 'XL', 'XXL'], pick: [3, 4] };
const shoeSizes: DemoSpec = {
  name: '尺码',
  values: ['36', '37', '38', '39', '40', '41', '42', '43'],
  pick: [3, 4],
};

export const DEMO_CATALOGUE: readonly DemoCategory[] = [
  {
    name: '服装',
    color: '#e8684a',
    prefixes: ['夏季新款', '经典', '简约', '韩版', '宽松百搭', '轻薄透气', '加厚保暖', '潮流'],
    suffixes: [' 男女同款', ' 男款', ' 女款', ''],
    highlights: ['精选面料，亲肤柔软', '立体剪裁，上身显瘦', '多次水洗不变形', '做工精细，走线整齐'],
    children: [
      {
        name: 'T恤',
        items: ['纯棉圆领短袖T恤', '冰丝速干运动T恤', '重磅纯色打底T恤', '印花情侣T恤', '长袖打底T恤'],
        specs: [colors('白色', '黑色', '灰色', '藏青', '浅蓝'), clothingSizes],
        price: [3900, 12900],
        weightG: 250,
      },
      {
        name: '衬衫',
        items: ['免烫商务长袖衬衫', '法式复古碎花衬衫', '牛津纺休闲衬衫', '亚麻短袖衬衫'],
        specs: [colors('白色', '浅蓝', '条纹', '卡其'), clothingSizes],
        price: [8900, 25900],
        weightG: 300,
      },
      {
        name: '卫衣',
        items: ['连帽加绒卫衣', '圆领宽松卫衣', '拉链开衫卫衣', '字母印花卫衣'],
        specs: [colors('黑色', '灰色', '燕麦色', '墨绿'), clothingSizes],
        price: [9900, 29900],
        weightG: 550,
      },
      {
        name: '裤装',
        items: ['直筒修身牛仔裤', '高腰阔腿裤', '束脚运动裤', '九分休闲西裤'],
        specs: [colors('黑色', '浅蓝', '深蓝', '卡其'), clothingSizes],
        price: [9900, 25900],
        weightG: 500,
      },
    ],
  },
  {
    name: '鞋靴',
    color: '#5b8ff9',
    prefixes: ['轻便', '透气', '经典', '网面', '真皮', '防滑耐磨'],
    suffixes: [' 男女同款', ' 男款', ' 女款'],
    highlights: ['缓震鞋底，久走不累', '透气内里，干爽舒适', '防滑大底，雨天也稳'],
    children: [
      {
        name: '运动鞋',
        items: ['跑步鞋', '休闲板鞋', '老爹鞋', '训练鞋'],
        specs: [colors('白色', '黑色', '灰蓝', '米白'), shoeSizes],
        price: [19900, 59900],
        weightG: 800,
      },
      {
        name: '休闲鞋',
        items: ['帆布鞋', '乐福鞋', '一脚蹬懒人鞋', '德训鞋'],
        specs: [colors('白色', '黑色', '卡其'), shoeSizes],
        price: [12900, 39900],
        weightG: 700,
      },
      {
        name: '凉拖',
        items: ['洞洞鞋', '居家拖鞋', '沙滩凉鞋'],
        specs: [colors('黑色', '白色', '粉色', '蓝色'), shoeSizes],
        price: [2900, 12900],
        weightG: 400,
      },
    ],
  },
  {
    name: '数码配件',
    color: '#5ad8a6',
    prefixes: ['官方正品', '快充', '无线', '迷你', '磁吸', '原装品质'],
    suffixes: ['', ' 2024款', ' 升级版'],
    highlights: ['兼容主流机型', '一年只换不修', '通过 3C 认证，安全放心'],
    children: [
      {
        name: '耳机',
        items: ['蓝牙耳机', '降噪头戴耳机', '运动挂耳耳机', '有线入耳耳机'],
        specs: [
          colors('白色', '黑色', '薄荷绿'),
          { name: '版本', values: ['标准版', '降噪版'], pick: [1, 2] },
        ],
        price: [9900, 59900],
        weightG: 200,
      },
      {
        name: '充电',
        items: ['氮化镓充电器', '移动电源', '编织数据线', '车载充电器'],
        specs: [{ name: '规格', values: ['20W', '30W', '65W', '100W'], pick: [2, 3] }],
        price: [2900, 19900],
        weightG: 150,
      },
      {
        name: '手机周边',
        items: ['透明手机壳', '钢化膜', '手机支架', '自拍杆'],
        specs: [
          { name: '适用机型', values: ['iPhone 15', 'iPhone 16', '华为 Mate 60', '小米 14'], pick: [2, 4] },
        ],
        price: [1900, 9900],
        weightG: 100,
      },
    ],
  },
  {
    name: '食品饮料',
    color: '#f6bd16',
    prefixes: ['产地直发', '新鲜', '特级', '手工', '原味', '老字号'],
    suffixes: ['', ' 礼盒装', ' 家庭装'],
    highlights: ['当季新货，顺丰冷链', '无添加，老人孩子都能吃', '产地直采，品质可溯源'],
    children: [
      {
        name: '茶叶',
        items: ['明前西湖龙井', '安溪铁观音', '云南普洱熟茶', '武夷山大红袍', '福鼎白茶'],
        specs: [{ name: '规格', values: ['50g', '100g', '250g', '500g'], pick: [2, 3] }],
        price: [5900, 69900],
        weightG: 300,
      },
      {
        name: '坚果零食',
        items: ['每日坚果', '开心果', '手剥巴旦木', '碧根果', '夏威夷果'],
        specs: [{ name: '规格', values: ['250g', '500g', '1kg'], pick: [2, 3] }],
        price: [2900, 12900],
        weightG: 600,
      },
      {
        name: '粮油干货',
        items: ['五常大米', '东北黑木耳', '古田银耳', '小磨香油', '新疆红枣'],
        specs: [{ name: '规格', values: ['500g', '1kg', '2.5kg', '5kg'], pick: [2, 3] }],
        price: [1990, 15900],
        weightG: 1500,
      },
    ],
  },
  {
    name: '家居生活',
    color: '#6dc8ec',
    prefixes: ['北欧风', '加厚', '简约', '日式', '大容量', '多功能'],
    suffixes: ['', ' 两件套', ' 家用'],
    highlights: ['环保材质，无异味', '收纳省空间', '耐用易清洗'],
    children: [
      {
        name: '床上用品',
        items: ['纯棉四件套', '水洗棉夏凉被', '乳胶枕', '珊瑚绒毛毯'],
        specs: [
          colors('米白', '浅灰', '豆沙粉', '雾霾蓝'),
          { name: '尺寸', values: ['1.5m', '1.8m', '2.0m'], pick: [2, 3] },
        ],
        price: [9900, 49900],
        weightG: 2000,
      },
      {
        name: '收纳整理',
        items: ['折叠收纳箱', '桌面收纳盒', '衣柜分层隔板', '真空压缩袋'],
        specs: [{ name: '规格', values: ['小号', '中号', '大号', '三件套'], pick: [2, 3] }],
        price: [1990, 8900],
        weightG: 800,
      },
      {
        name: '厨房用品',
        items: ['不粘炒锅', '陶瓷餐具套装', '304不锈钢保温杯', '硅胶厨具套装'],
        specs: [colors('白色', '奶油黄', '墨绿', '黑色')],
        price: [3900, 29900],
        weightG: 1200,
      },
    ],
  },
  {
    name: '美妆个护',
    color: '#945fb9',
    prefixes: ['补水保湿', '温和', '清爽', '修护', '专柜同款', '敏感肌可用'],
    suffixes: ['', ' 套装', ' 旅行装'],
    highlights: ['温和不刺激', '成分安全，孕妇可用', '吸收快不黏腻'],
    children: [
      {
        name: '护肤',
        items: ['玻尿酸精华液', '氨基酸洗面奶', '烟酰胺面膜', '保湿面霜', '防晒乳'],
        specs: [{ name: '容量', values: ['30ml', '50ml', '100ml', '150ml'], pick: [2, 3] }],
        price: [4900, 39900],
        weightG: 200,
      },
      {
        name: '洗护',
        items: ['氨基酸洗发水', '香氛沐浴露', '护发精油', '牙膏套装'],
        specs: [{ name: '容量', values: ['300ml', '500ml', '750ml', '1L'], pick: [2, 3] }],
        price: [2900, 12900],
        weightG: 700,
      },
    ],
  },
];

export const DEMO_CUSTOM_TYPES = ['新品上市', '热销推荐', '限时特惠', '店长推荐'] as const;

const never = { FreeWhen: 'never', FreeQuantity: 0, FreeAmountFen: 0 } as const;
const yuan = (amount: number) => amount * 100;

/**
 * Freight templates of each demo shop, as the freight editor would save them: the first three price
 * as the shops' original templates did (the migration to these rules kept them so), the rest show
 * charging by weight and volume, region rules with free shipping, and regions not delivered to.
 * Seeded goods pick among all of them, and the order seed's addresses are all delivered to.
 */
export const DEMO_FREIGHT_TEMPLATES: readonly (SaveFreightTemplateInput & { IsDefault?: boolean })[] = [
  {
    Name: '全国包邮',
    IsDefault: true,
    ChargeMode: 'piece',
    DefaultRule: { First: 1, FirstFen: 0, Next: 1, NextFen: 0, ...never },
  },
  {
    Name: '按件计费',
    ChargeMode: 'piece',
    DefaultRule: { First: 1, FirstFen: yuan(8), Next: 1, NextFen: yuan(2), ...never },
  },
  {
    Name: '偏远地区加价',
    ChargeMode: 'piece',
    DefaultRule: { First: 1, FirstFen: 0, Next: 1, NextFen: 0, ...never },
    Rules: [
      {
        // 新疆, 西藏, 青海, 内蒙古, 宁夏, 甘肃, 海南
        Regions: ['650000', '540000', '630000', '150000', '640000', '620000', '460000'],
        First: 1,
        FirstFen: yuan(15),
        Next: 1,
        NextFen: 0,
        ...never,
      },
    ],
  },
  {
    Name: '按重量计费',
    ChargeMode: 'weight',
    DefaultRule: { First: 1000, FirstFen: yuan(10), Next: 1000, NextFen: yuan(5), ...never },
    Rules: [
      {
        // 江浙沪: 满 99 元包邮
        Regions: ['310000', '320000', '330000'],
        First: 1000,
        FirstFen: yuan(6),
        Next: 1000,
        NextFen: yuan(2),
        FreeWhen: 'amount',
        FreeQuantity: 0,
        FreeAmountFen: yuan(99),
      },
      {
        // 新疆, 内蒙古, 青海
        Regions: ['650000', '150000', '630000'],
        First: 1000,
        FirstFen: yuan(20),
        Next: 1000,
        NextFen: yuan(10),
        ...never,
      },
    ],
    // 港澳台不发货
    Undeliverable: ['810000', '820000', '710000'],
  },
  {
    Name: '大件按体积',
    ChargeMode: 'volume',
    DefaultRule: { First: 100_000, FirstFen: yuan(30), Next: 50_000, NextFen: yuan(10), ...never },
    Rules: [
      {
        // 广东省: 满 2 件且满 500 元包邮
        Regions: ['440000'],
        First: 100_000,
        FirstFen: yuan(20),
        Next: 50_000,
        NextFen: yuan(8),
        FreeWhen: 'both',
        FreeQuantity: 2,
        FreeAmountFen: yuan(500),
      },
    ],
    Undeliverable: ['540000', '810000', '820000', '710000'],
  },
  {
    Name: '同城满件包邮',
    ChargeMode: 'piece',
    DefaultRule: {
      First: 1,
      FirstFen: yuan(10),
      Next: 1,
      NextFen: yuan(5),
      FreeWhen: 'amount',
      FreeQuantity: 0,
      FreeAmountFen: yuan(199),
    },
    Rules: [
      {
        // 广州, 深圳: 满 2 件包邮
        Regions: ['440100', '440300'],
        First: 1,
        FirstFen: yuan(6),
        Next: 1,
        NextFen: yuan(2),
        FreeWhen: 'quantity',
        FreeQuantity: 2,
        FreeAmountFen: 0,
      },
    ],
  },
];

export const DEMO_BUYERS = [
  '小***鱼',
  '张**',
  '李***',
  '王**明',
  '陈***',
  '刘**',
  '快乐的***',
  '阳光***',
  '追风***',
  '赵**',
  '孙***',
  '周**',
  '吴***',
  '郑**',
  '冯***',
  '花开***',
  '咖啡***',
  '匿名用户',
] as const;

export const DEMO_COMMENTS: Readonly<Record<number, readonly string[]>> = {
  5: [
    '质量非常好，和描述的一模一样，物流也快，好评！',
    '第二次回购了，一如既往的好，推荐给朋友了。',
    '包装很用心，东西很满意，客服态度也好。',
    '性价比很高，这个价格买到很值。',
    '做工精细，细节到位，五星好评。',
  ],
  4: ['总体不错，就是快递稍微慢了一点。', '东西挺好的，颜色比图片稍深一点。', '还可以，符合预期，会再来。'],
  3: ['一般般吧，没有想象中那么好。', '东西还行，包装有点简陋。'],
  2: ['有点小瑕疵，联系客服处理了。', '尺码偏小，建议买大一号。'],
  1: ['收到有破损，希望商家重视品控。'],
};

export const DEMO_SHOP_REPLIES = [
  '感谢亲的支持与好评，期待您再次光临！',
  '谢谢您的认可，我们会继续努力做好每一件商品。',
  '非常抱歉给您带来不好的体验，客服会尽快联系您处理。',
  '感谢反馈，我们已经记录并会改进，祝您生活愉快！',
] as const;

export const DEMO_BUYER_FOLLOW_UPS = [
  '用了一段时间，依然很好用。',
  '追评：洗过几次没有变形，推荐。',
] as const;

export const DEMO_REJECT_REASONS = [
  '商品主图含有联系方式，请修改后重新提交',
  '商品描述涉及夸大宣传用语',
] as const;
