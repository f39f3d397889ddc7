import { LINK_TARGETS, type LinkKind } from '../link-targets';
import { LinkType, type LinkValue, linkValueSchema, NO_LINK } from '../link-value';

/**
 * Migrations of older wire versions, each from version n to n + 1 on plain JSON. They never throw:
 * anything they cannot understand is left for the schema check to report, and anything they must
 * drop is reported as a warning with its path.
 */

export interface MigrationWarning {
  code: 'linkCleared';
  path: string;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const flag = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 'true';

/** Version-1 component names and how their props map onto today's blocks. */
const LEGACY_COMPONENTS: Record<string, { type: string; props: (data: Json) => Json }> = {
  banner: {
    type: 'carousel',
    props: (data) => ({
      ...(typeof data.height === 'number' ? { height: data.height } : {}),
      items: (Array.isArray(data.list) ? data.list : []).filter(isObject).map((item) => ({
        image: text(item.imgUrl ?? item.img),
        link: item.link ?? { linkType: 0 },
        title: text(item.title),
      })),
    }),
  },
  search: { type: 'searchBar', props: (data) => ({ placeholder: text(data.placeholder) }) },
  notice: { type: 'notice', props: (data) => ({ text: text(data.text ?? data.content) }) },
  nav: {
    type: 'iconNav',
    props: (data) => ({
      items: (Array.isArray(data.list) ? data.list : []).filter(isObject).map((item) => ({
        image: text(item.imgUrl ?? item.img),
        text: text(item.name ?? item.text),
        link: item.link ?? { linkType: 0 },
      })),
    }),
  },
  title: {
    type: 'title',
    props: (data) => ({ text: text(data.title ?? data.text), subText: text(data.subTitle) }),
  },
  richtext: { type: 'richText', props: (data) => ({ html: text(data.content ?? data.html) }) },
  blank: {
    type: 'spacer',
    props: (data) => (typeof data.height === 'number' ? { height: data.height } : {}),
  },
  line: { type: 'divider', props: () => ({}) },
  picture: {
    type: 'imageAd',
    props: (data) => ({
      items: (Array.isArray(data.list) ? data.list : []).filter(isObject).map((item) => ({
        image: text(item.imgUrl ?? item.img),
        link: item.link ?? { linkType: 0 },
      })),
    }),
  },
  navbar: { type: 'navigationBar', props: (data) => ({ title: text(data.title) }) },
  tabbar: {
    type: 'tabBar',
    props: (data) => ({
      items: (Array.isArray(data.list) ? data.list : []).filter(isObject).map((item) => ({
        text: text(item.text ?? item.name),
        icon: text(item.iconPath ?? item.icon),
        selectedIcon: text(item.selectedIconPath ?? item.selectedIcon),
        link: item.link ?? { linkType: 0 },
      })),
    }),
  },
};

const LEGACY_FIXED: Record<string, string> = { navigationBar: 'navigationBar', tabBar: 'tabBar' };

/** 1 → 2: string ids, boolean flags, page settings, today's component names, fixed parts in slots. */
export function migrate1to2(raw: Json): Json {
  const components = (Array.isArray(raw.componentData) ? raw.componentData : []).map((entry) => {
    if (!isObject(entry)) return entry;
    const legacy = LEGACY_COMPONENTS[text(entry.name)];
    const data = isObject(entry.data) ? entry.data : {};
    return {
      id: text(entry.cid ?? entry.id),
      type: legacy ? legacy.type : text(entry.name),
      props: legacy ? legacy.props(data) : data,
      hidden: flag(entry.isHide),
      locked: false,
    };
  });
  const typeOf = new Map(components.filter(isObject).map((component) => [component.id, component.type]));
  const pages = (Array.isArray(raw.ModuleData) ? raw.ModuleData : []).map((entry) => {
    if (!isObject(entry)) return entry;
    const ids = (Array.isArray(entry.componentIds) ? entry.componentIds : []).map(text);
    const fixed: Json = {};
    const flow: string[] = [];
    for (const id of ids) {
      const slot = LEGACY_FIXED[String(typeOf.get(id))];
      if (slot && fixed[slot] === undefined) fixed[slot] = id;
      else flow.push(id);
    }
    return {
      id: text(entry.pageId ?? entry.id),
      isHome: flag(entry.isIndex),
      settings: {
        title: text(entry.pageName),
        ...(entry.bgColor ? { backgroundColor: text(entry.bgColor) } : {}),
        backgroundImage: text(entry.bgImg),
        shareTitle: text(entry.shareTitle),
        shareImage: text(entry.shareImg),
      },
      fixed,
      components: flow,
    };
  });
  return {
    version: 2,
    siteId: typeof raw.siteId === 'string' && /^\d+$/.test(raw.siteId) ? Number(raw.siteId) : raw.siteId,
    wxOpenType: text(raw.wxOpenType),
    ModuleData: pages,
    componentData: components,
  };
}

const kindById = new Map(LINK_TARGETS.map((target) => [target.id, target.kind]));

function idFromUrl(url: string): string | null {
  const query = url.split('?')[1] ?? '';
  return new URLSearchParams(query).get('id');
}

/** A version-2 link (every field, a pre-built linkUrl) as a typed link, or null when it cannot be. */
export function legacyLink(old: Json): LinkValue | null {
  const kind: LinkKind | undefined = kindById.get(Number(old.linkType));
  if (!kind) return null;
  const title = text(old.linkTitle) || text(old.shpName);
  const optional = (key: string, value: string) => (value ? { [key]: value } : {});
  let candidate: Json;
  switch (kind) {
    case 'none':
      return NO_LINK;
    case 'miniProgram':
      candidate = { appId: text(old.appId), appIdLianjie: text(old.appIdLianjie) };
      break;
    case 'videoChannel':
      candidate = { appId: text(old.appId), appIdLianjie: text(old.appIdLianjie) };
      break;
    case 'navigate':
      candidate = { linkUrl: text(old.linkUrl), ...optional('linkTitle', title) };
      break;
    case 'phone':
      candidate = { tel: text(old.tel) };
      break;
    case 'wifi':
      candidate = {
        wifiId: text(old.wifiId),
        wifimac: text(old.wifimac),
        wifipassword: text(old.wifipassword),
      };
      break;
    case 'webLink':
      candidate = {
        webLink: text(old.webLink) || text(old.linkUrl),
        isLink: old.isLink === undefined ? true : flag(old.isLink),
      };
      break;
    case 'quickEntry':
      candidate = {
        linkUrl: text(old.linkUrl),
        ...optional('latlng', text(old.latlng)),
        ...optional('address', text(old.address)),
        ...optional('fullText', text(old.fullText)),
      };
      break;
    case 'customPage': {
      const id = idFromUrl(text(old.linkUrl));
      if (!id) return null;
      candidate = { id, linkTitle: title };
      break;
    }
    default: {
      const id = Number(idFromUrl(text(old.linkUrl)) ?? old.id);
      if (!Number.isInteger(id) || id <= 0) return null;
      candidate = { id, linkTitle: title, ...optional('img', text(old.img)) };
      if ('shpName' in old || kind === 'product') {
        candidate.shpName = text(old.shpName) || title;
        candidate.shpPrice = Math.max(0, Math.round(Number(old.shpPrice) || 0));
        if (text(old.shpMaiDian)) candidate.shpMaiDian = text(old.shpMaiDian);
      }
      if (kind === 'store') {
        Object.assign(
          candidate,
          optional('address', text(old.address)),
          optional('latlng', text(old.latlng)),
          optional('tel', text(old.tel)),
        );
      }
    }
  }
  const parsed = linkValueSchema.safeParse({ linkType: LinkType[kind], ...candidate });
  return parsed.success ? parsed.data : null;
}

/** A link object that still carries the flat legacy fields. */
function isLegacyLink(value: Json): boolean {
  return (
    typeof value.linkType === 'number' &&
    ('linkUrl' in value || 'isLink' in value || 'appIdLianjie' in value) &&
    linkValueSchema.safeParse(value).success === false
  );
}

function convertLinks(value: unknown, path: string, warnings: MigrationWarning[]): unknown {
  if (Array.isArray(value))
    return value.map((entry, index) => convertLinks(entry, `${path}[${index}]`, warnings));
  if (!isObject(value)) return value;
  if (isLegacyLink(value)) {
    const link = legacyLink(value);
    if (link) return link;
    warnings.push({ code: 'linkCleared', path });
    return { ...NO_LINK };
  }
  const out: Json = {};
  for (const [key, child] of Object.entries(value))
    out[key] = convertLinks(child, `${path}.${key}`, warnings);
  return out;
}

/** 2 → 3: flat legacy links inside component props become typed links. */
export function migrate2to3(raw: Json, warnings: MigrationWarning[]): Json {
  const components = Array.isArray(raw.componentData)
    ? raw.componentData.map((component, index) =>
        isObject(component) && isObject(component.props)
          ? { ...component, props: convertLinks(component.props, `componentData[${index}].props`, warnings) }
          : component,
      )
    : raw.componentData;
  return { ...raw, version: 3, componentData: components };
}

export const MIGRATIONS: Record<number, (raw: Json, warnings: MigrationWarning[]) => Json> = {
  1: (raw) => migrate1to2(raw),
  2: migrate2to3,
};
