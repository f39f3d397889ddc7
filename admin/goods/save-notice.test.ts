import { describe, expect, it } from 'vitest';
import { savedNotice } from './save-notice';

describe('the message after saving goods', () => {
  it.each([
    [
      { ShelfState: 'off', AutoShelf: true },
      { type: 'info', id: 'goods.form.savedAwaitingAudit' },
    ],
    [
      { ShelfState: 'on', AutoShelf: false },
      { type: 'success', id: 'goods.form.saved' },
    ],
    [
      { ShelfState: 'off', AutoShelf: false },
      { type: 'success', id: 'goods.form.saved' },
    ],
  ])('%o → %o', (saved, notice) => {
    expect(savedNotice(saved)).toEqual(notice);
  });
});
