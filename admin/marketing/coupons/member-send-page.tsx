import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { findSendMembers } from '../../../contract/endpoints/coupons';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { endpointQuery } from '../../../src/lib/query-options';
import { QueryOutcome } from '../../../src/lib/query-outcome';
import { couponCatalogues } from './messages';
import { SendForm } from './send-form';

const MEMBER_LIST = '/customer/allCustomer';

/** The chosen members' ids from `?ids=3,5`, at most those the call takes. */
function chosenIds(search: URLSearchParams): string | undefined {
  const ids = (search.get('ids') ?? '').split(',').filter((id) => /^[1-9]\d{0,9}$/.test(id));
  return ids.length > 0 ? [...new Set(ids)].join(',') : undefined;
}

/** /customer/sendCoupon: the member list's send, to the members chosen there (`?ids=`) and any added here. */
function MemberSendPage() {
  const [search] = useSearchParams();
  const ids = chosenIds(search);
  const chosen = useQuery({ ...endpointQuery(findSendMembers, { Ids: ids }), enabled: ids !== undefined });
  if (ids === undefined) return <SendForm membersOnly initialMembers={[]} doneTo={MEMBER_LIST} />;
  return (
    <QueryOutcome query={chosen}>
      {(data) => <SendForm key={ids} membersOnly initialMembers={data.Data} doneTo={MEMBER_LIST} />}
    </QueryOutcome>
  );
}

export default withModuleMessages(MemberSendPage, couponCatalogues);
