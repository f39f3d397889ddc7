import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { linkEntityColumns, linkEntityIndex } from '../../db/link-entity-columns';

/** Mini-program live rooms (livePlayer); the live-player screens extend them with goods and replays. */
export const liveRooms = pgTable(
  'live_rooms',
  {
    ...linkEntityColumns(),
    anchor: text('anchor').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [linkEntityIndex('live_rooms', table)],
);
