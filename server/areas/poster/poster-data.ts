import type { PosterSummary } from '../../../contract/endpoints/posters';
import {
  type PosterDocument,
  type PosterKind,
  posterDocumentSchema,
} from '../../../contract/poster-document';
import { AppError } from '../../http/errors';
import { describeZodError } from '../../http/validation';
import { type Locale, translate } from '../../i18n/messages';
import type { posterDocuments } from './tables';

export type PosterRow = typeof posterDocuments.$inferSelect;

/** A caller's design JSON, checked by the contract's schema and written back in canonical form. */
export function readPosterData(data: string, locale: Locale): { document: PosterDocument; json: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    throw new AppError('poster.badData', { detail: translate(locale, 'poster.badJson') }, { field: 'Data' });
  }
  const parsed = posterDocumentSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const described = describeZodError(parsed.error, locale);
    throw new AppError(
      'poster.badData',
      { detail: described.message },
      { field: ['Data', ...(first?.path ?? []).map(String)].join('.') },
    );
  }
  return { document: parsed.data, json: JSON.stringify(parsed.data) };
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function summaryOf(row: PosterRow, sharedInUse: ReadonlyMap<number, boolean>): PosterSummary {
  const kind = row.kind as PosterKind;
  return {
    Id: row.id,
    Kind: kind,
    Name: row.name,
    Version: row.version,
    Width: row.width,
    Height: row.height,
    InUse: kind === 'certificate' ? row.inUse : sharedInUse.get(row.id) === true,
    IsSharePoster: sharedInUse.has(row.id),
    UpdatedAt: iso(row.updatedAt),
  };
}
