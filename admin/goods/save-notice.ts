/** What the server answered about the shelf after a save. */
export interface SavedShelf {
  ShelfState: string;
  AutoShelf: boolean;
}

/**
 * The message after saving goods. Goods asked to go on sale in a shop that audits goods stay off
 * the shelf until approved (`AutoShelf`): saying only "saved" would let the seller believe they
 * are on sale.
 */
export function savedNotice(saved: SavedShelf): { type: 'success' | 'info'; id: string } {
  if (saved.AutoShelf && saved.ShelfState !== 'on')
    return { type: 'info', id: 'goods.form.savedAwaitingAudit' };
  return { type: 'success', id: 'goods.form.saved' };
}
