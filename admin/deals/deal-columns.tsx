import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { TimedState } from '../../contract/timed-state';
import { parseTime } from '../../src/lib/format';
import { columnKinds } from '../core/column-kinds';
import type { ResourceColumn } from '../core/resource-list';
import { STATE_PALETTE } from './deal-form';

/** Columns every activity list of the three deals shows: picture and name, window, state. */
export function activityColumns<
  Row extends { Title: string; Image: string; StartsAt: string; EndsAt: string; State: TimedState },
>(
  prefix: string,
  muted: (row: Row) => ReactNode,
): { picture: ResourceColumn<Row>; window: ResourceColumn<Row>; state: ResourceColumn<Row> } {
  const column = columnKinds<Row>(prefix);
  const time = (value: string) => parseTime(value, '{y}-{m}-{d} {h}:{i}');
  return {
    picture: column.picture('activity', { image: (row) => row.Image, title: (row) => row.Title, muted }),
    window: column.twoLines(
      'window',
      (row) => <FormattedMessage id="deals.from" values={{ time: time(row.StartsAt) }} />,
      (row) => <FormattedMessage id="deals.until" values={{ time: time(row.EndsAt) }} />,
      { sort: 'startsAt' },
    ),
    state: column.state('state', [
      { state: (row) => row.State, label: (state) => `deals.state.${state}`, palette: STATE_PALETTE },
    ]),
  };
}
