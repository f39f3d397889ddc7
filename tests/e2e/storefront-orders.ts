import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import { API_BASE } from '../../contract/endpoint';
import { addStorefrontKey, getCounterSkus, revokeStorefrontKey } from '../../contract/endpoints/orders';
import { createOrder, payOrder, STOREFRONT_KEY_HEADER } from '../../contract/endpoints/storefront';
import { DEMO_PASSWORD, TEST_VERIFY_CODE } from './fixtures';

/**
 * Orders placed the way a mini-program would, through the storefront service with a key of the
 * spec's own, for browser tests that need orders in a given state. Specs run beside each other on
 * one database, so each uses buyers of its own and starts from its own end of the SKU list.
 */

type Body = { Errcode: number; Errmsg: string } & Record<string, unknown>;
type Response = Awaited<ReturnType<APIRequestContext['get']>>;

/** The envelope of a call that must succeed. */
export async function envelope(response: Response): Promise<Body> {
  const body = (await response.json()) as Body;
  expect(body.Errmsg, response.url()).toBe('');
  expect(body.Errcode).toBe(0);
  return body;
}

export interface Address {
  Name: string;
  Phone: string;
  Province: string;
  City: string;
  District: string;
  Detail: string;
}

export interface StorefrontOrders {
  /** A call as the demo operator (admin). */
  operatorCall(path: string, method: 'GET' | 'POST', data: Record<string, unknown>): Promise<Response>;
  /** A call as the storefront, with the spec's key. */
  storefrontCall(path: string, data: Record<string, unknown>): Promise<Response>;
  /**
   * Places (and by default pays) an express order for `buyer`. Any on-shelf SKU that takes it will
   * do, unless `skuId` names one; later orders try the same SKU first, so their totals compare.
   * `address` sends it elsewhere than the spec's own address.
   */
  placeOrder(
    buyer: string,
    options?: { quantity?: number; pay?: boolean; skuId?: number; address?: Address },
  ): Promise<{ OrderNo: string; TotalFen: number; FreightFen: number }>;
  /** Revokes the key and closes the connection. */
  close(): Promise<void>;
}

export async function openStorefrontOrders(options: {
  baseURL: string | undefined;
  keyName: string;
  address: Address;
  /** Which SKUs to try first: the end of the list, or its middle (other specs start from its ends). */
  start: 'end' | 'middle';
}): Promise<StorefrontOrders> {
  const context = await playwrightRequest.newContext({ baseURL: options.baseURL });
  await context.get(`${API_BASE}/Comm/GetVerifyCode`);
  const login = await envelope(
    await context.post(`${API_BASE}/user/login`, {
      data: { userName: 'admin', passWord: DEMO_PASSWORD, verifyCode: TEST_VERIFY_CODE },
    }),
  );
  const token = String(login.AccessToken);
  const operatorCall: StorefrontOrders['operatorCall'] = (path, method, data) => {
    const headers = { authorization: `Bearer ${token}` };
    return method === 'GET'
      ? context.get(`${API_BASE}${path}`, { headers, params: data as Record<string, string> })
      : context.post(`${API_BASE}${path}`, { headers, data });
  };
  const key = await envelope(await operatorCall(addStorefrontKey.path, 'POST', { Name: options.keyName }));
  const storefrontCall: StorefrontOrders['storefrontCall'] = (path, data) =>
    context.post(`${API_BASE}${path}`, { headers: { [STOREFRONT_KEY_HEADER]: String(key.Key) }, data });

  const skus = await envelope(await operatorCall(getCounterSkus.path, 'GET', { page: '1', pageSize: '100' }));
  const usable = (skus.Data as { SkuId: number; Stock: number; PriceFen: number }[])
    .filter((sku) => sku.Stock >= 20 && sku.PriceFen > 0)
    .map((sku) => sku.SkuId);
  const middle = Math.floor(usable.length / 2);
  let skuIds =
    options.start === 'end' ? [...usable].reverse() : [...usable.slice(middle), ...usable.slice(0, middle)];
  expect(skuIds.length).toBeGreaterThan(0);

  return {
    operatorCall,
    storefrontCall,
    placeOrder: async (buyer, placing = {}) => {
      for (const skuId of placing.skuId === undefined ? skuIds : [placing.skuId]) {
        const response = await storefrontCall(createOrder.path, {
          Buyer: { Id: buyer, Name: buyer, Phone: options.address.Phone },
          DeliveryType: 'express',
          Address: placing.address ?? options.address,
          Lines: [{ SkuId: skuId, Quantity: placing.quantity ?? 1 }],
        });
        const body = (await response.json()) as {
          Errcode: number;
          Errmsg: string;
          Order: { OrderNo: string; TotalFen: number; FreightFen: number };
        };
        if (placing.skuId !== undefined) expect(body.Errmsg).toBe('');
        if (body.Errcode !== 0) continue;
        if (placing.pay !== false) {
          await envelope(
            await storefrontCall(payOrder.path, {
              OrderNo: body.Order.OrderNo,
              BuyerId: buyer,
              PaymentMethod: 'wechat',
              AmountFen: body.Order.TotalFen,
            }),
          );
        }
        if (placing.skuId === undefined) skuIds = [skuId, ...skuIds.filter((id) => id !== skuId)];
        return body.Order;
      }
      throw new Error('no on-shelf SKU accepted an express order');
    },
    close: async () => {
      await operatorCall(revokeStorefrontKey.path, 'POST', { Id: Number(key.Id) });
      await context.dispose();
    },
  };
}
