import { RESERVED_KEYS } from '../template-document';

/**
 * Limits applied to template JSON before anything else reads it, so hostile input (huge strings,
 * deep nesting, prototype keys) is refused with the path at fault instead of slowing or corrupting
 * the editor.
 */
export const LIMITS = {
  /** Characters of the whole JSON text. */
  json: 4_000_000,
  depth: 32,
  /** Characters of one string value (rich text is the longest legitimate one). */
  string: 60_000,
  /** Values of any kind in the whole document. */
  nodes: 500_000,
} as const;

export type PathPart = string | number;

export function formatPath(path: readonly PathPart[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out === '' ? part : `.${part}`;
  return out;
}

export type SafetyIssue =
  | { code: 'tooDeep'; path: string; params: { limit: number } }
  | { code: 'stringTooLong'; path: string; params: { limit: number; length: number } }
  | { code: 'tooManyNodes'; path: string; params: { limit: number } }
  | { code: 'forbiddenKey'; path: string; params: { key: string } };

/** Deepest bracket nesting of a JSON text, without parsing it (JSON.parse itself may recurse). */
export function maxNesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 92) index += 1;
      else if (code === 34) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 123 || code === 91) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (code === 125 || code === 93) depth -= 1;
  }
  return deepest;
}

interface Frame {
  value: unknown;
  parent: Frame | null;
  key: PathPart;
  depth: number;
}

function pathOf(frame: Frame): string {
  const parts: PathPart[] = [];
  for (let at: Frame | null = frame; at?.parent; at = at.parent) parts.push(at.key);
  return formatPath(parts.reverse());
}

/** Walks parsed JSON without recursion; the first limit broken is returned with its path. */
export function checkValue(value: unknown, limits = LIMITS): SafetyIssue | null {
  const stack: Frame[] = [{ value, parent: null, key: '', depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const frame = stack.pop()!;
    nodes += 1;
    if (nodes > limits.nodes)
      return { code: 'tooManyNodes', path: pathOf(frame), params: { limit: limits.nodes } };
    const current = frame.value;
    if (typeof current === 'string') {
      if (current.length > limits.string) {
        return {
          code: 'stringTooLong',
          path: pathOf(frame),
          params: { limit: limits.string, length: current.length },
        };
      }
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (frame.depth >= limits.depth)
      return { code: 'tooDeep', path: pathOf(frame), params: { limit: limits.depth } };
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) {
        stack.push({ value: current[index], parent: frame, key: index, depth: frame.depth + 1 });
      }
      continue;
    }
    const keys = Object.keys(current);
    for (let index = keys.length - 1; index >= 0; index -= 1) {
      const key = keys[index]!;
      const child: Frame = {
        value: (current as Record<string, unknown>)[key],
        parent: frame,
        key,
        depth: frame.depth + 1,
      };
      if (RESERVED_KEYS.has(key)) return { code: 'forbiddenKey', path: pathOf(child), params: { key } };
      stack.push(child);
    }
  }
  return null;
}
