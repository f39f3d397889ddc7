import { Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { useEnumLabels } from '../../../src/lib/enum-values';
import { fenToYuan } from '../../../src/lib/format';
import { type TimelineFact, timelineFacts, timelineStates } from './order-rules';

/** The facts of one order-log entry under its title (amounts, parcel, reason…). */
export function TimelineDetail({ detail }: { detail: Record<string, unknown> }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const methods = useEnumLabels('paymentMethod');
  const carriers = useEnumLabels('carrier');
  const money = (fen: number) => `¥${fenToYuan(fen)}`;
  const factText = (fact: TimelineFact): string => {
    switch (fact.kind) {
      case 'money':
        return t(`orders.fact.${fact.label}`, { amount: money(fact.fen) });
      case 'text':
        return t(`orders.fact.${fact.label}`, { text: fact.text || t('orders.fact.empty') });
      case 'parcel':
        return t('orders.fact.parcel', {
          carrier: carriers.label(fact.carrier),
          trackingNo: fact.trackingNo || '–',
        });
      case 'method':
        return t('orders.fact.method', { method: methods.label(fact.method) });
      case 'change':
        return fact.label === 'total'
          ? t('orders.fact.totalChange', {
              before: money(Number(fact.before)),
              after: money(Number(fact.after)),
            })
          : t('orders.fact.addressChange', { before: String(fact.before), after: String(fact.after) });
    }
  };
  return timelineFacts(detail).map((fact) => (
    <Text key={`${fact.kind}-${'label' in fact ? fact.label : ''}`} fontSize="sm" color="fg.muted">
      {factText(fact)}
    </Text>
  ));
}

/** Where the entry moved the order (or its refund), when it moved it, by the states' short labels. */
export function TimelineStates({
  entry,
}: {
  entry: { Action: string; FromState: string | null; ToState: string | null };
}) {
  const intl = useIntl();
  const states = timelineStates(entry);
  const labels = useEnumLabels(states?.type);
  if (!states || labels.pending) return null;
  return (
    <Text fontSize="sm">
      {states.from
        ? intl.formatMessage(
            { id: 'orders.details.stateChange' },
            { from: labels.label(states.from), to: labels.label(states.to) },
          )
        : labels.label(states.to)}
    </Text>
  );
}
