import { STALE_VERSION_FIELD } from '../../contract/envelope-rules';

interface ErrorBody {
  Errors?: { Field?: string; Message?: string }[];
  StaleVersion?: boolean;
}

function bodyOf(error: unknown): ErrorBody | undefined {
  if (typeof error !== 'object' || error === null || !('body' in error)) return undefined;
  const body = (error as { body: unknown }).body;
  return typeof body === 'object' && body !== null ? (body as ErrorBody) : undefined;
}

/** The server's field errors (`Errors: [{Field, Message}]`) by field path, first message wins. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const entry of bodyOf(error)?.Errors ?? []) {
    if (entry.Field && entry.Message && !(entry.Field in errors)) errors[entry.Field] = entry.Message;
  }
  return errors;
}

/** Whether the write was refused because someone saved the record after it was loaded. */
export function isStaleVersion(error: unknown): boolean {
  const body = bodyOf(error);
  return (
    body?.StaleVersion === true || (body?.Errors ?? []).some((entry) => entry.Field === STALE_VERSION_FIELD)
  );
}
