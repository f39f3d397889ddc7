import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIVE_GOODS_TABS, LIVE_TABS, ROOM_TYPES } from '../../contract/endpoints/live-rooms';
import {
  DELIVERY_STATES,
  MESSAGE_SCENES,
  MESSAGE_SEND_TABS,
  REPLY_KINDS,
  SANDBOX_ERRCODES,
  SCENE_FIELDS,
} from '../../contract/endpoints/wechat-messages';
import { en as liveEn } from '../live-rooms/i18n/en';
import { zh as liveZh } from '../live-rooms/i18n/zh';
import { en } from './i18n/en';
import { zh } from './i18n/zh';

/** Literal catalogue keys written in a folder's sources. */
function keysInSource(folder: string, prefix: string): string[] {
  const root = path.join(import.meta.dirname, folder);
  const keys = new Set<string>();
  for (const file of readdirSync(root)) {
    if (!/\.tsx?$/.test(file) || file.endsWith('.test.ts')) continue;
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const match of text.matchAll(new RegExp(`['"\`](${prefix}\\.[A-Za-z0-9.]+)['"\`]`, 'g')))
      keys.add(match[1]!);
  }
  return [...keys];
}

describe.each([
  ['.', 'messages', en, zh],
  ['../live-rooms', 'live', liveEn, liveZh],
])('%s catalogues', (folder, prefix, english, chinese) => {
  it('have the same keys in both languages, none empty', () => {
    expect(Object.keys(chinese).sort()).toEqual(Object.keys(english).sort());
    expect(Object.entries({ ...english, ...chinese }).filter(([, text]) => !text.trim())).toEqual([]);
  });

  it('hold every key the screens name', () => {
    const named = (key: string) =>
      key in english || Object.keys(english).some((known) => known.startsWith(`${key}.`));
    expect(keysInSource(folder, prefix).filter((key) => !named(key))).toEqual([]);
  });
});

describe('keys built from values', () => {
  it('name every scene, scene field, tab, reply kind and sandbox answer', () => {
    const keys = [
      ...MESSAGE_SCENES.map((scene) => `messages.scene.${scene}`),
      ...Object.values(SCENE_FIELDS).flatMap((fields) => fields.map((field) => `messages.field.${field}`)),
      'messages.field.text',
      ...MESSAGE_SEND_TABS.map((tab) => `messages.sends.tab.${tab}`),
      ...['all', ...DELIVERY_STATES].map((tab) => `messages.details.tab.${tab}`),
      ...DELIVERY_STATES.map((state) => `messages.log.state.${state}`),
      ...REPLY_KINDS.map((kind) => `messages.replies.kind.${kind}`),
      ...SANDBOX_ERRCODES.map((code) => `messages.settings.errcode.${code}`),
    ];
    expect(keys.filter((key) => !(key in en))).toEqual([]);
    const live = [
      ...LIVE_TABS.map((tab) => `live.tab.${tab}`),
      ...LIVE_GOODS_TABS.map((tab) => `live.goods.tab.${tab}`),
      ...ROOM_TYPES.map((type) => `live.form.type.${type}`),
    ];
    expect(live.filter((key) => !(key in liveEn))).toEqual([]);
  });
});
