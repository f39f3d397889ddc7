import Fuse from 'fuse.js';
import { pinyin } from 'pinyin-pro';

/** SPEC §9: longest pattern searched; longer input is cut to it. */
export const MAX_PATTERN_LENGTH = 32;

export interface RouteNode {
  path: string;
  titleKey: string;
  hidden: boolean;
  children: readonly RouteNode[];
}

export interface SearchEntry {
  path: string;
  /** Ancestors' titles then the route's, in the active language. */
  trail: string[];
  /** What fuse matches as the title: the trail plus, for Chinese, its pinyin and initials. */
  title: string[];
}

const HAN = /[\u3400-\u9fff]/;

/** Full pinyin without tones ("shangpinliebiao") and initials ("splb") of a Chinese title. */
export function pinyinForms(text: string): string[] {
  if (!HAN.test(text)) return [];
  const syllables = pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive' });
  const initials = pinyin(text, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' });
  return [
    syllables.join('').toLowerCase(),
    syllables.join(' ').toLowerCase(),
    initials.join('').toLowerCase(),
  ];
}

/** The navigable (visible, childless) routes with their translated trails, for the header search. */
export function searchEntries(
  routes: readonly RouteNode[],
  translate: (titleKey: string) => string,
): SearchEntry[] {
  const out: SearchEntry[] = [];
  const walk = (list: readonly RouteNode[], prefix: string[]) => {
    for (const route of list) {
      if (route.hidden) continue;
      const trail = [...prefix, translate(route.titleKey)];
      const visibleChildren = route.children.filter((child) => !child.hidden);
      if (visibleChildren.length === 0) {
        out.push({ path: route.path, trail, title: [...trail, ...trail.flatMap(pinyinForms)] });
      } else {
        walk(visibleChildren, trail);
      }
    }
  };
  walk(routes, []);
  return out;
}

/** SPEC §9: threshold 0.4, title weighs 0.7 and path 0.3. */
export function createRouteSearch(entries: readonly SearchEntry[]) {
  const fuse = new Fuse(entries, {
    shouldSort: true,
    threshold: 0.4,
    location: 0,
    distance: 100,
    minMatchCharLength: 1,
    keys: [
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ],
  });
  return (query: string): SearchEntry[] => {
    const pattern = query.trim().slice(0, MAX_PATTERN_LENGTH);
    if (!pattern) return [];
    return fuse.search(pattern).map((result) => result.item);
  };
}
