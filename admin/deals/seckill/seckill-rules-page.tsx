import { bindSeckillRules, getSeckillInfo } from '../../../contract/endpoints/seckill';
import { DealPermission } from '../../../contract/machines/deals';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { dealCatalogues } from '../messages';
import { RulesTextPage } from '../rules-text-page';

/** /marketing/secKillGoodsText: the rules text of a seckill activity (?id=). */
function SeckillRulesPage() {
  return <RulesTextPage info={getSeckillInfo} save={bindSeckillRules} backTo={DealPermission.seckill} />;
}

export default withModuleMessages(SeckillRulesPage, dealCatalogues);
