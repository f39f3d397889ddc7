import { z } from 'zod';
import type { FieldProblem } from './list-query';
import { DAY_MS, isShopDay, shopDayEnd, shopDayStart } from './shop-time';

/**
 * Goods have a kind (DESIGN §11): physical goods ship; virtual goods (service vouchers, cards) do
 * not, and paying for one issues an electronic ticket per unit with the validity and stores below.
 */
export const GOODS_KINDS = ['physical', 'virtual'] as const;
export type GoodsKind = (typeof GOODS_KINDS)[number];

export const TICKET_VALIDITY_MODES = ['days', 'fixed'] as const;
export type TicketValidityMode = (typeof TICKET_VALIDITY_MODES)[number];

export const MAX_TICKET_DAYS = 3650;
export const MAX_TICKET_STORES = 50;

const shopDay = z.string().trim().refine(isShopDay, 'a day such as 2026-05-01');

/** A virtual good's tickets: valid N days from payment, or between two shop days (both included). */
export const ticketSettingsSchema = z.strictObject({
  Mode: z.enum(TICKET_VALIDITY_MODES).default('days'),
  Days: z.number().int().min(1).max(MAX_TICKET_DAYS).default(30),
  From: shopDay.nullable().default(null),
  Until: shopDay.nullable().default(null),
  /** Stores where the tickets may be used; empty: every store of the shop. */
  StoreIds: z.array(z.number().int().positive()).max(MAX_TICKET_STORES).default([]),
});
export type TicketSettings = z.infer<typeof ticketSettingsSchema>;

export const DEFAULT_TICKET_SETTINGS: TicketSettings = {
  Mode: 'days',
  Days: 30,
  From: null,
  Until: null,
  StoreIds: [],
};

/** Fixed validity needs both days, in order; `prefix` is the field path of the settings. */
export function ticketSettingsProblems(settings: TicketSettings, prefix: string): FieldProblem[] {
  if (settings.Mode !== 'fixed') return [];
  if (settings.From === null)
    return [{ field: `${prefix}.From`, key: 'goods.ticketFromRequired', params: {} }];
  if (settings.Until === null)
    return [{ field: `${prefix}.Until`, key: 'goods.ticketUntilRequired', params: {} }];
  return settings.Until < settings.From
    ? [{ field: `${prefix}.Until`, key: 'goods.ticketUntilBeforeFrom', params: {} }]
    : [];
}

/**
 * When a ticket paid at `paidAt` may be used: from payment for N whole days, or from the start of
 * the first fixed day to the end of the last (the shop's business days).
 */
export function ticketValidity(settings: TicketSettings, paidAt: Date): { from: Date; until: Date } {
  if (settings.Mode === 'fixed' && settings.From !== null && settings.Until !== null) {
    return { from: shopDayStart(settings.From), until: shopDayEnd(settings.Until) };
  }
  return { from: paidAt, until: new Date(paidAt.getTime() + settings.Days * DAY_MS) };
}
