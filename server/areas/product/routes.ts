import './messages';
import './registrations';
import { attributeRoutes } from './attribute-routes';
import { buyerCommentRoutes } from './buyer-comment-routes';
import { categoryRoutes } from './category-routes';
import { commentRoutes } from './comment-routes';
import { productRoutes } from './product-routes';
import { recycleAuditRoutes } from './recycle-audit-routes';

/**
 * SPEC §7 /DistributorsShopProduct/: goods, categories, specs, comments, recycle bin and audit; and
 * the buyer's goods reviews under /storefront/.
 */
export const productAreaRoutes = [
  ...categoryRoutes,
  ...productRoutes,
  ...attributeRoutes,
  ...commentRoutes,
  ...buyerCommentRoutes,
  ...recycleAuditRoutes,
];
