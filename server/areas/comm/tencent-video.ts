/**
 * The video adapter (DESIGN §11): a Tencent Video id to a playable address through the public
 * look-up Tencent Video's own H5 players make, `GET /getinfo?vid=…&platform=…&otype=json`, on
 * h5vv.video.qq.com. The answer is JavaScript, `QZOutputJson={…};`: `s` is `o` when it worked,
 * else `f` with the reason in `em`/`msg`; a found video lists its file `vl.vi[0].fn`, the key
 * `fvkey` and CDN prefixes `ul.ui[].url`, and the address is prefix + file + `?vkey=` + key.
 * Unconfigured (TENCENT_VIDEO_URL unset), the sandbox below answers instead.
 */

export const GETINFO_PATH = '/getinfo';
/** The H5 player's platform code; the service answers with addresses it may play. */
export const H5_PLATFORM = '11001';
const TIMEOUT_MS = 8000;

export type VideoFailure = 'notFound' | 'restricted' | 'unavailable';

export class VideoError extends Error {
  constructor(
    readonly reason: VideoFailure,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

export interface ResolvedVideo {
  vid: string;
  url: string;
  title: string;
  sandbox: boolean;
}

interface GetInfoReply {
  s?: string;
  em?: number;
  msg?: string;
  vl?: {
    vi?: {
      vid?: string;
      fn?: string;
      fvkey?: string;
      ti?: string;
      ul?: { ui?: { url?: string }[] };
    }[];
  };
}

/** `em` of a refused look-up: 61–63 name no video; the others (copyright, region, paid) withhold one. */
export function failureOf(code: number | undefined): VideoFailure {
  if (code === 61 || code === 62 || code === 63) return 'notFound';
  return 'restricted';
}

/** The JSON inside `QZOutputJson=…;`, or the body itself when it is plain JSON. */
export function parseGetInfo(body: string): GetInfoReply {
  const match = /^\s*QZOutputJson\s*=\s*([\s\S]*?);?\s*$/.exec(body);
  return JSON.parse(match ? match[1]! : body) as GetInfoReply;
}

export async function resolveTencentVideo(
  baseUrl: string,
  vid: string,
  fetcher: typeof fetch = fetch,
): Promise<ResolvedVideo> {
  const query = new URLSearchParams({ vid, platform: H5_PLATFORM, otype: 'json', defn: 'shd' });
  let reply: GetInfoReply;
  try {
    const response = await fetcher(`${baseUrl}${GETINFO_PATH}?${query.toString()}`, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new VideoError('unavailable', `HTTP ${response.status}`);
    reply = parseGetInfo(await response.text());
  } catch (error) {
    if (error instanceof VideoError) throw error;
    throw new VideoError('unavailable', (error as Error).message);
  }
  if (reply.s !== 'o') throw new VideoError(failureOf(reply.em), reply.msg ?? `em ${reply.em}`);
  const video = reply.vl?.vi?.[0];
  const prefix = video?.ul?.ui?.find((entry) => entry.url)?.url;
  if (!video?.fn || !video.fvkey || !prefix) throw new VideoError('unavailable', 'the answer lists no file');
  return {
    vid,
    url: `${prefix}${video.fn}?vkey=${encodeURIComponent(video.fvkey)}`,
    title: video.ti ?? '',
    sandbox: false,
  };
}

/**
 * The sandbox: any well-formed id resolves to this server's own sample, a second of quiet tone
 * (see sandboxSample), so the studio and preview show a player that plays; an id starting with
 * `x` is refused as missing, so the refusal can be tried too.
 */
export function resolveInSandbox(vid: string): ResolvedVideo {
  if (vid.startsWith('x')) throw new VideoError('notFound', 'sandbox: ids starting with x do not exist');
  return {
    vid,
    url: `/api/Comm/GetTxVideoSandboxFile?vid=${vid}`,
    title: `Sandbox video ${vid}`,
    sandbox: true,
  };
}

/** One second of a quiet 440 Hz tone as a 8 kHz mono WAV: what the sandbox's address plays. */
export function sandboxSample(): Buffer {
  const rate = 8000;
  const samples = rate;
  const data = Buffer.alloc(samples * 2);
  for (let index = 0; index < samples; index += 1) {
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * index) / rate) * 1500), index * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** A video link or id resolved by the configured service, or by the sandbox when none is. */
export function resolveVideo(baseUrl: string | undefined, vid: string): Promise<ResolvedVideo> {
  return baseUrl ? resolveTencentVideo(baseUrl, vid) : Promise.resolve().then(() => resolveInSandbox(vid));
}
