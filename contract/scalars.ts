import { z } from 'zod';

/** A row id in a JSON body. */
export const id = z.number().int().positive();

/** A row id from a query string, where every value arrives as text (also bodies that send text ids). */
export const queryId = z.coerce.number().int().positive();

/** The version a form read, sent back so a save over someone else's change is refused. */
export const version = z.number().int().min(1);

/** The largest amount in fen (10,000,000 yuan): a typo guard, well inside a 32-bit integer column. */
export const MAX_FEN = 1_000_000_000;

/** An amount of money in fen (1/100 yuan), never negative. */
export const fen = z.number().int().min(0).max(MAX_FEN);

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The file format of an export call; spreadsheets unless asked for CSV. */
export const exportFormat = z.enum(EXPORT_FORMATS).default('xlsx');

/** Rows one export may hold; a larger selection is refused with a message to narrow the filters. */
export const EXPORT_MAX_ROWS = 50_000;
