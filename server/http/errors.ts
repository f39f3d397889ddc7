import type { AnyMessageKey, MessageParams } from '../i18n/messages';

/**
 * An error the caller should see as `Errcode -1` with a translated message. `field` names the input
 * field at fault so forms can show the message on it; `status` is the HTTP status (200 for business
 * errors, as the SPEC clients expect the envelope to carry the error).
 */
export class AppError extends Error {
  constructor(
    readonly key: AnyMessageKey,
    readonly params: MessageParams = {},
    readonly options: { status?: number; field?: string; showType?: number; raw?: string } = {},
  ) {
    // A refusal is an answer, not a fault: nobody reads its stack, and capturing one cost about 5 %
    // of the server's CPU for a refused call (a flash sale's late buyers).
    const stackFrames = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(key);
    Error.stackTraceLimit = stackFrames;
  }
}

/** An error whose Errmsg is a fixed machine-readable text (e.g. `noNormalsite|12`). */
export function rawError(message: string, status = 200): AppError {
  return new AppError('raw', {}, { status, raw: message });
}
