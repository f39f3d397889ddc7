import { useQuery } from '@tanstack/react-query';
import type { DataRequest, NoticeRow, ProductRow, VideoRow } from '../../components-catalog/data-rows';
import { getTxVideoMp4Url } from '../../contract/endpoints/comm-lookups';
import { getProductList, type ProductListQuery } from '../../contract/endpoints/goods';
import { getRunningNotices } from '../../contract/endpoints/shop-notices';
import { callEndpoint } from '../../src/lib/http';
import { endpointKey } from '../../src/lib/query-options';
import { entityEndpoint, entityQuery, entityRows } from './entity-block-rows';

const RULE_SORT: Record<string, string> = {
  newest: '-createdAt',
  bestSelling: '-sales',
  priceAsc: 'price',
  priceDesc: '-price',
};

/** The goods-list query answering a block's data request; manual choices read one page and pick by id. */
export function productQuery(request: DataRequest): Partial<ProductListQuery> {
  if (request.ids.length > 0) return { page: 1, pageSize: 100, tab: 'all' };
  const categoryId = request.filter?.categoryId;
  const rule = request.filter?.rule;
  return {
    page: 1,
    pageSize: Math.min(Math.max(request.limit, 1), 100),
    tab: 'onShelf',
    ...(typeof categoryId === 'number' ? { categoryId } : {}),
    ...(typeof rule === 'string' && RULE_SORT[rule] ? { sort: RULE_SORT[rule] } : {}),
  } as Partial<ProductListQuery>;
}

interface GoodsRow {
  Id: number;
  Name: string;
  Subtitle: string;
  Image: string;
  PriceFen: number;
  MarketPriceFen: number;
  Sales: number;
}

/** Goods rows as block renderers draw them; manual choices keep the designer's order. */
export function productRows(request: DataRequest, rows: readonly GoodsRow[]): ProductRow[] {
  const mapped = rows.map((row) => ({
    id: row.Id,
    name: row.Name,
    image: row.Image,
    price: row.PriceFen,
    ...(row.MarketPriceFen > row.PriceFen ? { originalPrice: row.MarketPriceFen } : {}),
    ...(row.Subtitle ? { sellingPoint: row.Subtitle } : {}),
    sales: row.Sales,
  }));
  if (request.ids.length === 0) return mapped.slice(0, request.limit);
  const byId = new Map(mapped.map((row) => [row.id, row]));
  return request.ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** Whether the server has rows for the request. */
export function fetchesRows(request: DataRequest | null): boolean {
  return (
    request !== null &&
    (request.source === 'products' ||
      request.source === 'notices' ||
      request.source === 'video' ||
      entityEndpoint(request) !== null)
  );
}

/** A Tencent Video link's playable address; a link that does not resolve plays nothing. */
async function videoRows(request: DataRequest, signal: AbortSignal): Promise<VideoRow[]> {
  const link = request.filter?.link;
  if (typeof link !== 'string') return [];
  const video = await callEndpoint(getTxVideoMp4Url, { Link: link }, { signal });
  return [{ url: video.Url, title: video.Title, sandbox: video.Sandbox }];
}

/** The running notices' lookup as the notice block draws them (not a link kind, so not an entity lookup). */
async function noticeRows(request: DataRequest, signal: AbortSignal): Promise<NoticeRow[]> {
  const limit = Math.min(Math.max(request.limit, 1), 20);
  const page = await callEndpoint(getRunningNotices, { limit }, { signal });
  return page.Data.map((row) => ({ id: row.Id, title: row.Title, content: row.Content, mode: row.Mode }));
}

/** Live rows for a block's data request: goods from the goods list, other entities from their lookups. */
export function useBlockRows(request: DataRequest | null): readonly unknown[] | undefined {
  const lookup = request ? entityEndpoint(request) : null;
  const enabled = fetchesRows(request);
  const notices = request?.source === 'notices';
  const video = request?.source === 'video';
  const endpoint = notices ? getRunningNotices : video ? getTxVideoMp4Url : (lookup ?? getProductList);
  const query = useQuery({
    queryKey: [...endpointKey(endpoint), request],
    queryFn: async ({ signal }): Promise<readonly unknown[]> => {
      if (notices) return noticeRows(request!, signal);
      if (video) return videoRows(request!, signal);
      if (lookup) {
        const page = await callEndpoint(lookup, entityQuery(request!), { signal });
        return entityRows(request!, page.Data);
      }
      const page = await callEndpoint(getProductList, productQuery(request!) as ProductListQuery, { signal });
      return productRows(request!, page.Data);
    },
    enabled,
    staleTime: 30_000,
  });
  return enabled ? query.data : undefined;
}
