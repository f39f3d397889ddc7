import { describe, expect, it } from 'vitest';
import { TICKET_TABS, WRITE_OFF_KINDS } from '../../../contract/endpoints/tickets';
import { ticketMachine } from '../../../contract/machines/ticket';
import { actionLabelKey, stateLabelKey } from '../../../contract/state-machine';
import { en } from './i18n/en';
import { zh } from './i18n/zh';

describe('the ticket catalogues', () => {
  it('have the same keys, none empty', () => {
    expect(Object.keys(en).filter((key) => !(key in zh))).toEqual([]);
    expect(Object.keys(zh).filter((key) => !(key in en))).toEqual([]);
    for (const [key, value] of [...Object.entries(en), ...Object.entries(zh)])
      expect(value.trim(), key).not.toBe('');
  });

  it('name every tab, state, action and write-off kind', () => {
    const keys = [
      ...TICKET_TABS.map((tab) => `tickets.tab.${tab}`),
      ...ticketMachine.states.map((state) => stateLabelKey(ticketMachine, state)),
      ...ticketMachine.actions.map((action) => actionLabelKey(ticketMachine, action.name)),
      ...WRITE_OFF_KINDS.map((kind) => `writeOffs.filter.kind.${kind}`),
    ];
    expect(keys.filter((key) => !(key in en) || !(key in zh))).toEqual([]);
  });
});
