import { useQueries, useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import type { EnumValue, getEnumForType } from '../../contract/endpoints/comm-lookups';
import { type EndpointRef, endpointRef } from './endpoint-ref';
import { endpointQuery } from './query-options';

/**
 * GetEnumForType by reference: the shell and the dashboard name shop types through it, and the
 * contract's definition would bring zod into the first screen after login (its budget in `npm run
 * bench`). enum-values.test.ts checks it against the contract.
 */
export const getEnumForTypeRef: EndpointRef<typeof getEnumForType> = endpointRef(
  'GET',
  '/Comm/GetEnumForType',
);

/**
 * The values of a contract enum or state machine with their labels, from GetEnumForType: the one
 * copy of a list (order states, payment methods, delivery kinds, shop types, link kinds…) that
 * screens show. The lists change only with a release, so each is fetched once per session.
 */
export function enumQuery(type: string) {
  return { ...endpointQuery(getEnumForTypeRef, { Type: type }), staleTime: Number.POSITIVE_INFINITY };
}

export interface EnumLabels {
  /** The values in their declared order; empty until the call answers. */
  values: EnumValue[];
  /** A value's label in the interface language; the value itself until the list is loaded or if unknown. */
  label: (value: string | number) => string;
  loaded: boolean;
  /** Asked and not answered yet (a failed call is not pending: its values show as they are). */
  pending: boolean;
}

/** The label of each value, in the interface language (`null` type: nothing is fetched). */
export function useEnumLabels(type: string | null | undefined): EnumLabels {
  const intl = useIntl();
  const query = useQuery({ ...enumQuery(type ?? ''), enabled: Boolean(type) });
  const values = query.data?.Values ?? [];
  const chinese = intl.locale.startsWith('zh');
  return {
    values,
    loaded: query.isSuccess,
    pending: Boolean(type) && query.isPending,
    label: (value) => {
      const found = values.find((entry) => entry.Value === value);
      return found ? (chinese ? found.Zh : found.En) : String(value);
    },
  };
}

/**
 * One value's label, for table cells and other places that draw it inline. Nothing until the list
 * answers, never the raw code for a moment; text only, so it may sit inside an `<option>`.
 */
export function EnumLabel({ type, value }: { type: string; value: string | number }) {
  const labels = useEnumLabels(type);
  return <>{labels.pending ? '' : labels.label(value)}</>;
}

/** Whether any of these lists is still unanswered, for screens that wait for labels before drawing. */
export function useEnumsPending(types: readonly string[]): boolean {
  return useQueries({
    queries: types.map((type) => enumQuery(type)),
    combine: (results) => results.some((result) => result.isPending),
  });
}
