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
 * The answer as UTF-8 JSON when some top-level field is a SerialisedJson; undefined when none is,
 * so the ordinary serialiser takes it.
 */
export function withSerialisedParts(answer: Record<string, unknown>): Buffer | undefined {
  const parts: [string, SerialisedJson][] = [];
  const rest: Record<string, unknown> = {};
  for (const key in answer) {
    const value = answer[key];
    if (value instanceof SerialisedJson) parts.push([key, value]);
    else rest[key] = value;
  }
  if (parts.length === 0) return undefined;
  const head = JSON.stringify(rest);
  const cacheKey = `${parts.map(([key, part]) => `${part.id}:${key}`).join(',')}\n${head}`;
  let bytes = answers.get(cacheKey);
  if (bytes === undefined) {
    bytes = joined(head, parts);
    if (answers.size >= MAX_ANSWERS) answers.delete(answers.keys().next().value!);
    answers.set(cacheKey, bytes);
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
