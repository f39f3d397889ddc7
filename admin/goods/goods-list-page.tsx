import { useSearchParams } from 'react-router-dom';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { ResourceScreen } from '../core/resource-screen';
import { AUDIT_VIEW, GoodsAuditView } from './goods-audit-view';
import { goodsListDefinition } from './goods-list-resource';
import { goodsCatalogues } from './messages';

/** The goods list, or its audit view: audit decisions need the list's permission and have no menu path. */
function GoodsListOrAuditPage() {
  const [search] = useSearchParams();
  return search.get('view') === AUDIT_VIEW.view ? (
    <GoodsAuditView />
  ) : (
    <ResourceScreen definition={goodsListDefinition} />
  );
}

export default withModuleMessages(GoodsListOrAuditPage, goodsCatalogues);
