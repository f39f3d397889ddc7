/**
 * JSON text made once and kept (a cached part of an answer: GetUserInfo's MenuList per grant set),
 * placed in answers as it is, already encoded.
 */
export class SerialisedJson {
  readonly bytes: Buffer;
  /** Tells apart the answers built round different parts in the answer cache. */
  readonly id: number;
  constructor(readonly text: string) {
    this.bytes = Buffer.from(text);
    this.id = nextPartId++;
  }
  /** Anything that serialises the answer some other way still gets the right value. */
  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

let nextPartId = 1;

/**
 * Whole answers built round a kept part, by the part and the rest of the answer. The rest is small
 * (GetUserInfo's account fields), so the same few answers come back call after call, and each hit
 * spares a 30 KB buffer made and copied per request.
 */
const answers = new Map<string, Buffer>();
const MAX_ANSWERS = 200;

/**
 * The last answers built round each part, with the other fields they were built from, so that a
 * call whose other fields are equal (GetUserInfo for the same account, call after call) takes its
 * answer without serialising them again or building the key of `answers`.
 */
interface RecentAnswer {
  /** The name the part had in the answer. */
  partKey: string;
  keys: string[];
  values: unknown[];
  bytes: Buffer;
}
const recentAnswers = new WeakMap<SerialisedJson, RecentAnswer[]>();
const RECENT_PER_PART = 8;

/**
 * Whether two field values serialise alike, judged without serialising: the same primitive, or
 * arrays of the same primitives (a session's roles). Anything else is never taken as equal, so
 * such an answer is serialised again rather than risk another's bytes.
 */
function sameValue(left: unknown, right: unknown): boolean {
  if (left === null || typeof left !== 'object') return left === right;
  if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false;
  for (let index = 0; index < left.length; index++) {
    const item: unknown = left[index];
    if (item !== right[index] || (item !== null && typeof item === 'object')) return false;
  }
  return true;
}

function isRecent(kept: RecentAnswer, partKey: string, keys: string[], values: unknown[]): boolean {
  if (kept.partKey !== partKey || kept.keys.length !== keys.length) return false;
  for (let index = 0; index < keys.length; index++) {
    if (kept.keys[index] !== keys[index] || !sameValue(kept.values[index], values[index])) return false;
  }
  return true;
}

/**
 * The answer as UTF-8 JSON when some top-level field is a SerialisedJson; undefined when none is,
 * so the ordinary serialiser takes it.
 */
export function withSerialisedParts(answer: Record<string, unknown>): Buffer | undefined {
  const parts: [string, SerialisedJson][] = [];
  const keys: string[] = [];
  const values: unknown[] = [];
  for (const key in answer) {
    const value = answer[key];
    if (value instanceof SerialisedJson) parts.push([key, value]);
    else {
      keys.push(key);
      values.push(value);
    }
  }
  if (parts.length === 0) return undefined;
  // Recent answers are kept for answers of one part (GetUserInfo's), the common case.
  const single = parts.length === 1 ? parts[0] : undefined;
  const recent = single === undefined ? undefined : recentAnswers.get(single[1]);
  if (single !== undefined && recent !== undefined) {
    for (const kept of recent) if (isRecent(kept, single[0], keys, values)) return kept.bytes;
  }
  const rest: Record<string, unknown> = {};
  for (let index = 0; index < keys.length; index++) rest[keys[index]!] = values[index];
  const head = JSON.stringify(rest);
  const cacheKey = `${parts.map(([key, part]) => `${part.id}:${key}`).join(',')}\n${head}`;
  let bytes = answers.get(cacheKey);
  if (bytes === undefined) {
    bytes = joined(head, parts);
    if (answers.size >= MAX_ANSWERS) answers.delete(answers.keys().next().value!);
    answers.set(cacheKey, bytes);
  }
  if (single !== undefined) {
    const list = recent ?? [];
    if (list.length >= RECENT_PER_PART) list.pop();
    // The values as they are now: an array among them is copied, so a later change to it is seen.
    const kept = values.map((value) => (Array.isArray(value) ? [...value] : value));
    list.unshift({ partKey: single[0], keys, values: kept, bytes });
    if (recent === undefined) recentAnswers.set(single[1], list);
  }
  return bytes;
}

function joined(head: string, parts: [string, SerialisedJson][]): Buffer {
  const pieces: Buffer[] = [Buffer.from(head.slice(0, -1))];
  parts.forEach(([key, part], index) => {
    // A part needs a comma before it unless it is the answer's first field.
    const comma = index > 0 || head !== '{}' ? ',' : '';
    pieces.push(Buffer.from(`${comma}${JSON.stringify(key)}:`), part.bytes);
  });
  pieces.push(Buffer.from('}'));
  return Buffer.concat(pieces);
}
