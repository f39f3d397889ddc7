import { and, count, eq } from 'drizzle-orm';
import { dashboardFigureProviders } from '../dashboard/service';
import { products } from './tables';

/** What the goods area tells the dashboard: goods a buyer can see and buy now. */
dashboardFigureProviders.push(async ({ db, siteId }) => {
  const [row] = await db
    .select({ onSale: count() })
    .from(products)
    .where(
      and(eq(products.siteId, siteId), eq(products.recycleState, 'active'), eq(products.shelfState, 'on')),
    );
  return { GoodsOnSale: row?.onSale ?? 0 };
});
