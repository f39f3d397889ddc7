import type { ProductRow } from '../../contract/endpoints/goods';

export const ROW_COUNT = 10_000;

const NAMES = ['纯棉T恤', '加厚外套', '轻薄背包', '复古水杯', '简约台灯', '北欧抱枕', '手工围巾'];
const CATEGORIES = ['上衣', '外套', '箱包', '家居', '灯具', '床品', '配饰'];
const DAY_MS = 24 * 60 * 60 * 1000;

/** Goods rows as GetProductList returns them, varied like the bench's server-side catalogue. */
export function benchRows(count: number): ProductRow[] {
  const now = Date.parse('2026-11-01T00:00:00Z');
  return Array.from({ length: count }, (_, index) => {
    const price = 990 + ((index * 7919) % 99000);
    const created = new Date(now - ((index * 104729) % 365) * DAY_MS).toISOString();
    return {
      Id: index + 1,
      Name: `${NAMES[index % NAMES.length]} ${index + 1}`,
      Subtitle: '',
      Code: `GB${String(index + 1).padStart(6, '0')}`,
      CategoryId: 1 + (index % CATEGORIES.length),
      CategoryName: CATEGORIES[index % CATEGORIES.length]!,
      Image: '',
      PriceFen: price,
      MaxPriceFen: price + (index % 3) * 1000,
      MarketPriceFen: 0,
      TotalStock: index % 17 === 0 ? 0 : (index * 13) % 900,
      SalesBase: 0,
      Sales: (index * 31) % 5000,
      SkuCount: 1 + (index % 3),
      Sort: index % 7 === 0 ? index % 100 : 0,
      ShelfState: index % 4 === 0 ? 'off' : 'on',
      AuditState: index % 10 === 7 ? 'pending' : 'approved',
      RejectReason: '',
      RecycleState: 'active',
      Kind: 'physical',
      CreatedAt: created,
      UpdatedAt: created,
      Version: 1,
    };
  });
}
