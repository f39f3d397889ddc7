import { bindBargainRules, getBargainEventInfo } from '../../../contract/endpoints/bargain';
import { DealPermission } from '../../../contract/machines/deals';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { dealCatalogues } from '../messages';
import { RulesTextPage } from '../rules-text-page';

/** /marketing/bargainText: the rules text of a bargain event (?id=). */
function BargainRulesPage() {
  return <RulesTextPage info={getBargainEventInfo} save={bindBargainRules} backTo={DealPermission.bargain} />;
}

export default withModuleMessages(BargainRulesPage, dealCatalogues);
