import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bargainEventMachine,
  bargainGoodsMachine,
  groupBuyMachine,
  launchMachine,
  seckillMachine,
  teamMachine,
} from '../../contract/machines/deals';
import { actionLabelKey, stateLabelKey } from '../../contract/state-machine';
import { en } from './i18n/en';
import { zh } from './i18n/zh';

describe('the deal catalogues', () => {
  it('have the same keys, none empty', () => {
    expect(Object.keys(en).filter((key) => !(key in zh))).toEqual([]);
    expect(Object.keys(zh).filter((key) => !(key in en))).toEqual([]);
    for (const [key, value] of [...Object.entries(en), ...Object.entries(zh)])
      expect(value.trim(), key).not.toBe('');
  });

  it('name every state and action of the deal machines', () => {
    const keys = [
      seckillMachine,
      groupBuyMachine,
      bargainEventMachine,
      bargainGoodsMachine,
      teamMachine,
      launchMachine,
    ].flatMap((machine) => [
      ...machine.states.map((state) => stateLabelKey(machine, state)),
      ...machine.actions.map((action) => actionLabelKey(machine, action.name)),
    ]);
    expect(keys.filter((key) => !(key in en))).toEqual([]);
  });

  it('hold every key the screens name literally', () => {
    const folder = path.dirname(new URL(import.meta.url).pathname);
    const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.tsx') && !file.includes('test'),
    );
    const named = files.flatMap((file) =>
      [
        ...readFileSync(path.join(folder, file), 'utf8').matchAll(
          /['"`]((?:deals|seckill|seckillGoods|groupBuy|teams|bargain|bargainGoods|launches|launch)\.[\w.]+)['"`]/g,
        ),
      ].map((match) => match[1]!),
    );
    // Prefixes the engine completes (`seckill.column` → `seckill.column.activity`) are not keys.
    const prefix = (name: string) => Object.keys(en).some((key) => key.startsWith(`${name}.`));
    expect([...new Set(named)].filter((key) => !(key in en) && !prefix(key))).toEqual([]);
  });
});
