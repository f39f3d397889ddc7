import { expect, type Page } from '@playwright/test';
import { wallClock } from '../../admin/core/wall-clock';
import { getDealGoods } from '../../contract/endpoints/deal-common';
import { getSelectProducts } from '../../contract/endpoints/goods';
import { getCounterSkus } from '../../contract/endpoints/orders';
import { payOrder } from '../../contract/endpoints/storefront';
import { envelope, type StorefrontOrders } from './storefront-orders';

/** Helpers of the seckill, group-buy and bargain journeys. */

export interface JourneyGoods {
  ProductId: number;
  Name: string;
  Skus: { SkuId: number; SpecText: string; PriceFen: number; Stock: number }[];
}

/**
 * Physical goods on the shelf with two SKUs or more in stock, names unique among them, for a spec to
 * put in its activities; `skip` keeps specs that run beside each other on different goods.
 */
export async function goodsWithSkus(
  api: StorefrontOrders,
  count: number,
  skip: number,
): Promise<JourneyGoods[]> {
  const listed = await envelope(
    await api.operatorCall(getCounterSkus.path, 'GET', { page: '1', pageSize: '100' }),
  );
  const byProduct = new Map<number, string>();
  for (const sku of listed.Data as { ProductId: number; Name: string; Stock: number }[])
    if (sku.Stock >= 30) byProduct.set(sku.ProductId, sku.Name);
  const found: JourneyGoods[] = [];
  for (const [productId, name] of [...byProduct].slice(skip)) {
    // The screens find goods by name: only a name no other goods share picks one.
    const same = await envelope(
      await api.operatorCall(getSelectProducts.path, 'GET', { keyword: name, onShelfOnly: 'true' }),
    );
    if ((same.Data as unknown[]).length !== 1) continue;
    const goods = await envelope(
      await api.operatorCall(getDealGoods.path, 'GET', { productId: String(productId) }),
    );
    const skus = (goods.Skus as JourneyGoods['Skus']).filter((sku) => sku.Stock >= 30 && sku.PriceFen >= 500);
    if (goods.Kind !== 'physical' || skus.length < 2) continue;
    found.push({ ProductId: productId, Name: String(goods.Name), Skus: skus });
    if (found.length === count) return found;
  }
  throw new Error(`fewer than ${count} goods with two SKUs in stock`);
}

/** Fills an activity dialog's or page's name and a window that started an hour ago. */
export async function fillActivity(scope: ReturnType<Page['getByRole']>, title: string) {
  await scope.getByLabel(/^Name/).fill(title);
  await scope.getByLabel('Starts at').fill(wallClock(new Date(Date.now() - 60 * 60 * 1000)));
  await scope.getByLabel('Ends at').fill(wallClock(new Date(Date.now() + 3 * 24 * 60 * 60 * 1000)));
}

/** Pays an order through the storefront (the sandbox pays at once). */
export async function payByStorefront(
  api: StorefrontOrders,
  order: { OrderNo: string; TotalFen: number },
  buyerId: string,
) {
  return envelope(
    await api.storefrontCall(payOrder.path, {
      OrderNo: order.OrderNo,
      BuyerId: buyerId,
      PaymentMethod: 'wechat',
      AmountFen: order.TotalFen,
    }),
  );
}

/** A buyer of the storefront with a unique id for this run. */
export function journeyBuyer(name: string, index: number) {
  return {
    Id: `e2e-${name}-${Date.now().toString(36)}-${index}`,
    Name: `${name}${index}`,
    Phone: `1390000${String(index).padStart(4, '0')}`,
  };
}

export const ADDRESS = {
  Name: '活动买家',
  Phone: '13900001234',
  Province: '浙江省',
  City: '杭州市',
  District: '西湖区',
  Detail: '文三路 100 号',
};

export async function expectToast(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible();
}
