import type { QueryClient } from '@tanstack/react-query';
import { blockDefinition } from '../../components-catalog/registry';
import { MAX_LOOKUP_IDS } from '../../contract/endpoints/link-entities';
import { type DisabledEntities, linkedEntities } from '../../contract/template/publish-check';
import type { TemplateDocument } from '../../contract/template-document';
import { endpointQuery } from '../../src/lib/query-options';
import { descriptorOf, isPickableKind } from './link-entity-descriptors';

/**
 * The linked goods, coupons and other entities the shop switched off, read fresh from the lookups
 * before publishing. A lookup that fails leaves its kind out: a warning is not worth blocking on.
 */
export async function disabledEntities(
  client: QueryClient,
  document: TemplateDocument,
): Promise<DisabledEntities> {
  const disabled: DisabledEntities = {};
  for (const [kind, ids] of linkedEntities(document, blockDefinition)) {
    if (!isPickableKind(kind) || ids.size === 0) continue;
    const wanted = [...ids].slice(0, MAX_LOOKUP_IDS);
    try {
      const page = await client.fetchQuery({
        ...endpointQuery(descriptorOf(kind).endpoint, {
          page: 1,
          pageSize: MAX_LOOKUP_IDS,
          Ids: wanted.join(','),
        }),
        staleTime: 0,
      });
      disabled[kind] = new Set(page.Data.filter((row) => row.Status === 'off').map((row) => row.Id));
    } catch {
      // The http layer already told of the failure; publishing goes on without this kind's warnings.
    }
  }
  return disabled;
}
