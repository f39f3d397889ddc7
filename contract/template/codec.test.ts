import { describe, expect, it } from 'vitest';
import { blockDefinition } from '../../components-catalog/registry';
import type { TemplateDocument } from '../template-document';
import {
  type CodecIssue,
  describeCodecIssue,
  parseClipboard,
  parseTemplate,
  serializeTemplate,
  toWire,
} from './codec';
import { createTemplate } from './create-template';
import { templateMessagesEn as en } from './messages-en';
import { templateMessagesZh as zh } from './messages-zh';
import { legacyLink } from './migrations';
import { copyBlocks, insertBlock, type Outcome, setHidden, setLocked, setProp } from './operations';
import { CURRENT_VERSION, type WireTemplate } from './wire';

const parse = (json: unknown) => parseTemplate(json, blockDefinition);

function ok(outcome: Outcome): TemplateDocument {
  if (!outcome.ok) throw new Error(outcome.problem.key);
  return outcome.document;
}

/** The wire form as plain, writable JSON (documents are frozen). */
function wireOf(document: TemplateDocument): WireTemplate {
  return JSON.parse(JSON.stringify(toWire(document)));
}

function errorsOf(json: unknown): CodecIssue[] {
  const result = parse(json);
  if (result.ok) throw new Error('expected errors');
  return result.errors;
}

/** A template with fixed parts, flags, nested props, links and a block of an unknown type. */
function richTemplate(): TemplateDocument {
  let document = createTemplate(7, '首页');
  const pageId = document.homePageId;
  document = ok(
    insertBlock(document, { rules: blockDefinition, pageId, type: 'navigationBar', index: 0, id: 'nav' }),
  );
  document = ok(
    insertBlock(document, { rules: blockDefinition, pageId, type: 'carousel', index: 0, id: 'slides' }),
  );
  document = ok(
    insertBlock(document, { rules: blockDefinition, pageId, type: 'productList', index: 1, id: 'goods' }),
  );
  document = ok(
    insertBlock(document, { rules: blockDefinition, pageId, type: 'notice', index: 2, id: 'notice' }),
  );
  document = ok(setProp(document, 'slides', ['items', 0, 'image'], '/uploads/1/banner.png'));
  document = ok(setProp(document, 'slides', ['items', 0, 'link'], { linkType: 4, tel: '13812345678' }));
  document = ok(
    setProp(
      document,
      'goods',
      ['products'],
      [{ linkType: 9, id: 12, linkTitle: '杯子', shpName: '杯子', shpPrice: 5900 }],
    ),
  );
  document = ok(setHidden(document, ['notice'], true));
  document = ok(setLocked(document, ['slides'], true));
  const wire = wireOf(document);
  wire.componentData.push({
    id: 'future',
    type: 'arShowroom',
    props: { model: 'https://x.example/a.glb', scale: [1, 2] },
    hidden: false,
    locked: false,
  });
  wire.ModuleData[0]!.components.push('future');
  const parsed = parse(JSON.stringify(wire));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.document;
}

describe('round trip', () => {
  it('parses what it serialises into the same document, and serialises it the same again', () => {
    const document = richTemplate();
    const json = serializeTemplate(document);
    const again = parse(json);
    expect(again.ok).toBe(true);
    if (!again.ok) return;
    expect(again.document).toEqual(document);
    expect(again.warnings).toEqual([]);
    expect(again.migratedFrom).toBeNull();
    expect(serializeTemplate(again.document)).toBe(json);
  });

  it('writes the SPEC §3 wire fields and the version', () => {
    const wire = JSON.parse(serializeTemplate(richTemplate()));
    expect(Object.keys(wire).sort()).toEqual([
      'ModuleData',
      'componentData',
      'siteId',
      'version',
      'wxOpenType',
    ]);
    expect(wire.version).toBe(CURRENT_VERSION);
    expect(wire.siteId).toBe(7);
    expect(wire.ModuleData[0].fixed).toEqual({ navigationBar: 'nav' });
    expect(wire.componentData.map((component: { id: string }) => component.id)).toEqual([
      'nav',
      'slides',
      'goods',
      'notice',
      'future',
    ]);
  });

  it('keeps blocks of unknown types exactly as they came', () => {
    const document = richTemplate();
    expect(document.blocks.future).toMatchObject({
      type: 'unknown',
      props: { originalType: 'arShowroom', raw: { model: 'https://x.example/a.glb', scale: [1, 2] } },
    });
    const written = JSON.parse(serializeTemplate(document)).componentData.at(-1);
    expect(written).toEqual({
      id: 'future',
      type: 'arShowroom',
      props: { model: 'https://x.example/a.glb', scale: [1, 2] },
      hidden: false,
      locked: false,
    });
  });

  it('fills props missing from older saves with their defaults', () => {
    const wire = wireOf(createTemplate(1, '首页'));
    wire.componentData.push({ id: 'gap', type: 'spacer', props: {}, hidden: false, locked: false });
    wire.ModuleData[0]!.components.push('gap');
    const result = parse(JSON.stringify(wire));
    expect(result.ok && result.document.blocks.gap!.props).toEqual({ height: 20, background: '' });
  });

  it('keeps components that are on no page, with a warning', () => {
    const wire = wireOf(createTemplate(1, '首页'));
    wire.componentData.push({ id: 'lost', type: 'spacer', props: {}, hidden: false, locked: false });
    const result = parse(JSON.stringify(wire));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.warnings).toEqual([{ code: 'orphan', path: 'componentData[0]', params: { id: 'lost' } }]);
    expect(JSON.parse(serializeTemplate(result.document)).componentData[0].id).toBe('lost');
  });
});

describe('malformed and hostile input', () => {
  const base = () => wireOf(richTemplate());

  it('names the problem of input that is not a JSON object', () => {
    expect(errorsOf(42)).toEqual([{ code: 'notText', path: '' }]);
    expect(errorsOf('{"ModuleData": [')[0]!.code).toBe('invalidJson');
    expect(errorsOf('[1,2]')).toEqual([{ code: 'notObject', path: '' }]);
    expect(errorsOf('null')).toEqual([{ code: 'notObject', path: '' }]);
  });

  it('refuses huge texts, huge strings and deep nesting before reading them', () => {
    expect(errorsOf(`"${'x'.repeat(4_000_001)}"`)[0]).toMatchObject({
      code: 'tooLarge',
      params: { limit: 4_000_000 },
    });
    const wire = base();
    (wire.componentData[3]!.props as { text: string }).text = 'x'.repeat(70_000);
    expect(errorsOf(JSON.stringify(wire))).toEqual([
      {
        code: 'stringTooLong',
        path: 'componentData[3].props.text',
        params: { limit: 60_000, length: 70_000 },
      },
    ]);
    expect(errorsOf(`{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`)[0]).toMatchObject({
      code: 'tooDeep',
    });
    const deep = JSON.stringify(base()).replace(
      '"scale":[1,2]',
      `"scale":${'['.repeat(30)}1${']'.repeat(30)}`,
    );
    expect(errorsOf(deep)[0]!.code).toBe('tooDeep');
  });

  it('refuses prototype keys anywhere, naming where, and pollutes nothing', () => {
    const json = JSON.stringify(base()).replace('"model":', '"__proto__":{"polluted":true},"model":');
    expect(errorsOf(json)).toEqual([
      { code: 'forbiddenKey', path: 'componentData[4].props.__proto__', params: { key: '__proto__' } },
    ]);
    const constructorKey = JSON.stringify(base()).replace(
      '"siteId":7',
      '"siteId":7,"constructor":{"prototype":{}}',
    );
    expect(errorsOf(constructorKey)[0]).toMatchObject({ code: 'forbiddenKey', path: 'constructor' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const reservedId = JSON.stringify(base()).replaceAll('"notice"', '"__proto__"');
    expect(parse(reservedId).ok).toBe(false);
  });

  it('names wrong types, unknown fields and bad values by path', () => {
    const wrongType = base();
    (wrongType.componentData[1]!.props as Record<string, unknown>).height = 'tall';
    expect(errorsOf(JSON.stringify(wrongType))).toEqual([
      { code: 'wrongType', path: 'componentData[1].props.height', params: { expected: 'number' } },
    ]);
    const extra = { ...base(), hacker: true };
    expect(errorsOf(JSON.stringify(extra))).toEqual([
      { code: 'unknownField', path: '', params: { keys: 'hacker' } },
    ]);
    const badLink = base();
    (badLink.componentData[1]!.props as { items: { link: unknown }[] }).items[0]!.link = {
      linkType: 4,
      tel: '1',
      linkUrl: '/x',
    };
    expect(errorsOf(JSON.stringify(badLink))[0]!.path).toBe('componentData[1].props.items[0].link');
    const tooMany = base();
    (tooMany.componentData[1]!.props as { interval: number }).interval = 1e9;
    expect(errorsOf(JSON.stringify(tooMany))).toEqual([
      { code: 'tooBig', path: 'componentData[1].props.interval', params: { maximum: 10_000 } },
    ]);
    const colour = base();
    (colour.componentData[3]!.props as { textColour: string }).textColour = 'red;background:url(x)';
    expect(errorsOf(JSON.stringify(colour))[0]).toMatchObject({
      code: 'badFormat',
      path: 'componentData[3].props.textColour',
    });
  });

  it('finds duplicate ids, dangling and repeated references, wrong places and home pages', () => {
    const duplicate = base();
    duplicate.componentData.push({ ...duplicate.componentData[0]! });
    expect(errorsOf(JSON.stringify(duplicate))).toContainEqual({
      code: 'duplicateComponentId',
      path: 'componentData[5].id',
      params: { id: 'nav' },
    });
    const dangling = base();
    dangling.ModuleData[0]!.components.push('ghost');
    expect(errorsOf(JSON.stringify(dangling))).toEqual([
      { code: 'missingComponent', path: 'ModuleData[0].components[4]', params: { id: 'ghost' } },
    ]);
    const twice = base();
    twice.ModuleData.push({ ...twice.ModuleData[0]!, id: 'second', isHome: false, fixed: {} });
    expect(errorsOf(JSON.stringify(twice))[0]).toEqual({
      code: 'duplicateReference',
      path: 'ModuleData[1].components[0]',
      params: { id: 'slides' },
    });
    const misplaced = base();
    misplaced.ModuleData[0]!.components.push('nav');
    misplaced.ModuleData[0]!.fixed = {};
    expect(errorsOf(JSON.stringify(misplaced))).toEqual([
      { code: 'wrongPlacement', path: 'ModuleData[0].components[4]', params: { type: 'navigationBar' } },
    ]);
    const noHome = base();
    noHome.ModuleData[0]!.isHome = false;
    expect(errorsOf(JSON.stringify(noHome))).toEqual([
      { code: 'homeCount', path: 'ModuleData', params: { count: 0 } },
    ]);
  });

  it('refuses versions it cannot read', () => {
    expect(errorsOf(JSON.stringify({ ...base(), version: 9 }))).toEqual([
      { code: 'newerVersion', path: 'version', params: { version: 9, current: CURRENT_VERSION } },
    ]);
    expect(errorsOf(JSON.stringify({ ...base(), version: 'three' }))[0]!.code).toBe('badVersion');
  });

  it('describes every issue in both languages', () => {
    const [issue] = errorsOf(JSON.stringify({ ...base(), siteId: 'x' }));
    expect(describeCodecIssue(issue!, en)).toBe('siteId: must be a number');
    expect(describeCodecIssue(issue!, zh)).toBe('siteId：必须是数字');
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
  });
});

describe('migrations', () => {
  /** As the old editor saved it: numeric ids, 0/1 flags, legacy names, flat links with a built URL. */
  const legacyLinkFields = {
    img: '',
    appId: '',
    appIdLianjie: '',
    latlng: '',
    address: '',
    tel: '',
    webLink: '',
    wifiId: '',
    wifimac: '',
    wifipassword: '',
    linkTitle: '',
    shpName: '',
    shpMaiDian: '',
    shpPrice: '',
    fullText: '',
    isLink: 1,
  };
  const version1 = {
    siteId: '7',
    wxOpenType: 'contact',
    ModuleData: [
      {
        pageId: 11,
        pageName: '首页',
        isIndex: 1,
        bgColor: '#fafafa',
        shareTitle: '欢迎',
        componentIds: [1, 2, 3, 4],
      },
      { pageId: 12, pageName: '关于', isIndex: 0, componentIds: [5] },
    ],
    componentData: [
      { cid: 1, name: 'navbar', data: { title: '小店' } },
      {
        cid: 2,
        name: 'banner',
        data: {
          height: 200,
          list: [
            {
              imgUrl: '/uploads/a.png',
              link: {
                ...legacyLinkFields,
                linkType: 9,
                linkUrl: '/pages/product/detail?id=12',
                linkTitle: '保温杯',
                shpName: '保温杯',
                shpPrice: '59',
              },
            },
            {
              imgUrl: '/uploads/b.png',
              link: { ...legacyLinkFields, linkType: 4, linkUrl: '', tel: '010-12345678' },
            },
          ],
        },
      },
      { cid: 3, name: 'blank', data: { height: 30 }, isHide: 1 },
      { cid: 4, name: 'weather', data: { city: '上海' } },
      { cid: 5, name: 'richtext', data: { content: '<p>关于我们</p>' } },
    ],
  };

  it('reads a version-1 template: pages, settings, fixed parts, renamed blocks, typed links', () => {
    const result = parse(JSON.stringify(version1));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { document } = result;
    expect(result.migratedFrom).toBe(1);
    expect(document.siteId).toBe(7);
    expect(document.wxOpenType).toBe('contact');
    expect(document.homePageId).toBe('11');
    expect(document.pages[0]).toMatchObject({
      id: '11',
      settings: { title: '首页', backgroundColor: '#fafafa', shareTitle: '欢迎' },
      fixed: { navigationBar: '1' },
      blockIds: ['2', '3', '4'],
    });
    expect(document.blocks['1']).toMatchObject({ type: 'navigationBar', props: { title: '小店' } });
    const carousel = document.blocks['2']!.props as {
      height: number;
      items: { image: string; link: unknown }[];
    };
    expect(carousel.height).toBe(200);
    expect(carousel.items.map((item) => item.link)).toEqual([
      { linkType: 9, id: 12, linkTitle: '保温杯', shpName: '保温杯', shpPrice: 59 },
      { linkType: 4, tel: '010-12345678' },
    ]);
    expect(document.blocks['3']).toMatchObject({ type: 'spacer', hidden: true, props: { height: 30 } });
    expect(document.blocks['4']).toMatchObject({
      type: 'unknown',
      props: { originalType: 'weather', raw: { city: '上海' } },
    });
    expect(document.blocks['5']).toMatchObject({ type: 'richText', props: { html: '<p>关于我们</p>' } });
    // Saved again, it is a current-version template that reads back the same.
    const again = parse(serializeTemplate(document));
    expect(again.ok && again.document).toEqual(document);
  });

  it('clears links it cannot convert and says where', () => {
    const version2 = wireOf(createTemplate(1, '首页')) as unknown as Record<string, unknown> & {
      componentData: unknown[];
      ModuleData: { components: string[] }[];
    };
    version2.version = 2;
    version2.componentData.push({
      id: 'n',
      type: 'notice',
      props: { text: '公告', link: { ...legacyLinkFields, linkType: 9, linkUrl: '/pages/product/detail' } },
      hidden: false,
      locked: false,
    });
    version2.ModuleData[0]!.components.push('n');
    const result = parse(JSON.stringify(version2));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.warnings).toEqual([{ code: 'linkCleared', path: 'componentData[0].props.link' }]);
    expect((result.document.blocks.n!.props as { link: unknown }).link).toEqual({ linkType: 0 });
    expect(result.migratedFrom).toBe(2);
  });

  it.each([
    [
      { linkType: 6, linkUrl: '', webLink: 'https://a.example', isLink: 0 },
      { linkType: 6, webLink: 'https://a.example', isLink: false },
    ],
    [
      { linkType: 2, linkUrl: '/pages/custom/index?id=about', linkTitle: '关于' },
      { linkType: 2, id: 'about', linkTitle: '关于' },
    ],
    [
      { linkType: 5, linkUrl: '', wifiId: 'Guest', wifimac: '', wifipassword: '12345678' },
      { linkType: 5, wifiId: 'Guest', wifimac: '', wifipassword: '12345678' },
    ],
    [
      { linkType: 22, linkUrl: '/pages/store/detail?id=3', linkTitle: '旗舰店', address: '上海' },
      { linkType: 22, id: 3, linkTitle: '旗舰店', address: '上海' },
    ],
    [{ linkType: 99, linkUrl: '/x' }, null],
  ])('converts legacy link %j', (old, typed) => {
    expect(legacyLink(old)).toEqual(typed);
  });
});

describe('clipboard', () => {
  it('reads blocks copied from another template, unknown ones included', () => {
    const payload = copyBlocks(richTemplate(), ['slides', 'future'])!;
    const result = parseClipboard(JSON.stringify(payload), blockDefinition);
    expect(result.ok && result.payload.blocks.map((block) => block.type)).toEqual(['carousel', 'unknown']);
  });

  it('refuses clipboards that are not copied blocks or carry bad props', () => {
    expect(parseClipboard('hello', blockDefinition).ok).toBe(false);
    expect(parseClipboard(JSON.stringify({ kind: 'other' }), blockDefinition).ok).toBe(false);
    const bad = {
      kind: 'decoration-blocks',
      version: 1,
      blocks: [{ id: 'a', type: 'spacer', props: { height: -4 }, hidden: false, locked: false }],
    };
    const result = parseClipboard(JSON.stringify(bad), blockDefinition);
    expect(!result.ok && result.errors).toEqual([
      { code: 'tooSmall', path: 'blocks[0].props.height', params: { minimum: 1 } },
    ]);
  });
});
