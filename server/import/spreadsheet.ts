import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { SaxesParser } from 'saxes';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError } from '../http/errors';

/**
 * The one reader every spreadsheet import goes through. An .xlsx is a zip of XML parts: a few
 * hundred kilobytes can unzip to hundreds of megabytes, so nothing here loads a whole workbook.
 * Each part is inflated as a stream (zlib works off the event loop), every inflated byte counts
 * against one budget, and the sheet is parsed row by row and left unread past the row limit.
 */

export interface SheetLimits {
  /** Data rows below the header row; empty rows do not count. */
  maxRows: number;
  /** Inflated bytes of all the parts read together (workbook, relations, shared strings, sheet). */
  maxUnzippedBytes?: number;
  /** The multipart field the errors name. */
  field?: string;
}

export interface SheetRow {
  /** The row number Excel shows. */
  row: number;
  /** Cell texts by column, trimmed; column A is index 0. */
  cells: string[];
}

/** A thousand rows of a dozen text columns, with styles and shared strings, stay far below this. */
export const UNZIPPED_LIMIT = 8 * 1024 * 1024;

const RELATIONSHIP_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const openZip = promisify(
  (bytes: Buffer, options: yauzl.Options, done: (error: Error | null, zip?: ZipFile) => void) =>
    yauzl.fromBuffer(bytes, options, done),
);

class Budget {
  private used = 0;
  constructor(
    private readonly limit: number,
    private readonly field: string,
  ) {}

  spend(bytes: number) {
    this.used += bytes;
    if (this.used > this.limit) {
      throw new AppError(
        'import.tooLarge',
        { limit: `${this.limit / 1024 / 1024} MB` },
        { field: this.field },
      );
    }
  }
}

async function listEntries(zip: ZipFile): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}

function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
  );
}

/**
 * Feeds one part to a SAX parser chunk by chunk. `done` lets the caller stop reading early; the
 * stream is destroyed when the loop is left, so the rest is never inflated.
 */
async function parsePart(
  zip: ZipFile,
  entry: Entry,
  budget: Budget,
  parser: SaxesParser<{ xmlns: true }>,
  done: () => boolean = () => false,
) {
  const stream = await openEntry(zip, entry);
  const decoder = new TextDecoder();
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    budget.spend(chunk.length);
    parser.write(decoder.decode(chunk, { stream: true }));
    if (done()) return;
  }
  parser.write(decoder.decode());
  parser.close();
}

function xmlParser() {
  return new SaxesParser({ xmlns: true });
}

/** The path of the workbook's first sheet and of its shared strings, from workbook.xml and its relations. */
async function locateParts(zip: ZipFile, entries: Map<string, Entry>, budget: Budget) {
  const workbook = entries.get('xl/workbook.xml');
  const relations = entries.get('xl/_rels/workbook.xml.rels');
  if (!workbook || !relations) return null;
  let firstSheetId: string | undefined;
  const workbookParser = xmlParser();
  workbookParser.on('opentag', (tag) => {
    if (tag.local === 'sheet' && firstSheetId === undefined) {
      const attribute = Object.values(tag.attributes).find(
        (candidate) => candidate.local === 'id' && candidate.uri === RELATIONSHIP_NS,
      );
      firstSheetId = attribute?.value;
    }
  });
  await parsePart(zip, workbook, budget, workbookParser, () => firstSheetId !== undefined);
  const targets = new Map<string, string>();
  let sharedStrings: string | undefined;
  const relationParser = xmlParser();
  relationParser.on('opentag', (tag) => {
    if (tag.local !== 'Relationship') return;
    const value = (name: string) => tag.attributes[name]?.value ?? '';
    const target = value('Target').startsWith('/') ? value('Target').slice(1) : `xl/${value('Target')}`;
    targets.set(value('Id'), target);
    if (value('Type').endsWith('/sharedStrings')) sharedStrings = target;
  });
  await parsePart(zip, relations, budget, relationParser);
  const sheet = firstSheetId ? targets.get(firstSheetId) : undefined;
  return sheet ? { sheet, sharedStrings } : null;
}

async function readSharedStrings(zip: ZipFile, entry: Entry | undefined, budget: Budget): Promise<string[]> {
  if (!entry) return [];
  const strings: string[] = [];
  let current = '';
  let inText = false;
  // Phonetic guides (furigana) repeat the text in another script; Excel does not show them in the cell.
  let inPhonetic = false;
  const parser = xmlParser();
  parser.on('opentag', (tag) => {
    if (tag.local === 'si') current = '';
    else if (tag.local === 'rPh') inPhonetic = true;
    else if (tag.local === 't' && !inPhonetic) inText = true;
  });
  parser.on('text', (text) => {
    if (inText) current += text;
  });
  parser.on('closetag', (tag) => {
    if (tag.local === 'si') strings.push(current);
    else if (tag.local === 'rPh') inPhonetic = false;
    else if (tag.local === 't') inText = false;
  });
  await parsePart(zip, entry, budget, parser);
  return strings;
}

/** "C12" → 2 (zero-based column). */
function columnIndex(reference: string): number | null {
  const letters = /^([A-Z]+)\d+$/.exec(reference)?.[1];
  if (!letters) return null;
  return [...letters].reduce((total, letter) => total * 26 + letter.charCodeAt(0) - 64, 0) - 1;
}

/** Excel writes long numbers in exponent form (7.3E+13); a cell shows them whole, and so do we. */
function numberText(raw: string): string {
  const value = Number(raw);
  return raw !== '' && Number.isFinite(value) ? String(value) : raw;
}

interface CellState {
  column: number;
  type: string;
  text: string;
}

/** The rows below the header of an .xlsx's first sheet, refused past the limits. */
export async function readSheetRows(bytes: Buffer, limits: SheetLimits): Promise<SheetRow[]> {
  const field = limits.field ?? 'file';
  const budget = new Budget(limits.maxUnzippedBytes ?? UNZIPPED_LIMIT, field);
  const notXlsx = () => new AppError('import.notXlsx', {}, { field });
  let zip: ZipFile;
  try {
    zip = (await openZip(bytes, { lazyEntries: true, autoClose: false, validateEntrySizes: true }))!;
  } catch {
    throw notXlsx();
  }
  try {
    const entries = await listEntries(zip);
    const parts = await locateParts(zip, entries, budget);
    const sheet = parts && entries.get(parts.sheet);
    if (!parts || !sheet) throw notXlsx();
    const shared = await readSharedStrings(
      zip,
      parts.sharedStrings ? entries.get(parts.sharedStrings) : undefined,
      budget,
    );
    const rows = await readRows(zip, sheet, budget, shared, limits.maxRows, field);
    if (rows.length === 0) throw new AppError('import.empty', {}, { field });
    return rows;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notXlsx();
  } finally {
    zip.close();
  }
}

async function readRows(
  zip: ZipFile,
  entry: Entry,
  budget: Budget,
  shared: readonly string[],
  maxRows: number,
  field: string,
): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  let row: SheetRow | null = null;
  let cell: CellState | null = null;
  let inValue = false;
  let lastRow = 0;
  let overflow = false;
  const parser = xmlParser();
  parser.on('opentag', (tag) => {
    if (overflow) return;
    const attribute = (name: string) => tag.attributes[name]?.value;
    if (tag.local === 'row') {
      lastRow = Number(attribute('r')) || lastRow + 1;
      row = { row: lastRow, cells: [] };
    } else if (tag.local === 'c' && row) {
      const column = columnIndex(attribute('r') ?? '') ?? row.cells.length;
      cell = { column, type: attribute('t') ?? 'n', text: '' };
    } else if (cell && (tag.local === 'v' || tag.local === 't')) {
      inValue = true;
    }
  });
  parser.on('text', (text) => {
    if (inValue && cell) cell.text += text;
  });
  parser.on('closetag', (tag) => {
    if (overflow) return;
    if (tag.local === 'v' || tag.local === 't') inValue = false;
    else if (tag.local === 'c' && row && cell) {
      row.cells[cell.column] = cellText(cell, shared).trim();
      cell = null;
    } else if (tag.local === 'row' && row) {
      const cells = Array.from(row.cells, (text) => text ?? '');
      if (row.row > 1 && cells.some((text) => text !== '')) rows.push({ row: row.row, cells });
      row = null;
      overflow = rows.length > maxRows;
    }
  });
  await parsePart(zip, entry, budget, parser, () => overflow);
  if (overflow) throw new AppError('import.tooManyRows', { max: maxRows }, { field });
  return rows;
}

function cellText(cell: CellState, shared: readonly string[]): string {
  switch (cell.type) {
    case 's':
      return shared[Number(cell.text)] ?? '';
    case 'b':
      return cell.text === '1' ? 'TRUE' : 'FALSE';
    case 'n':
      return numberText(cell.text);
    default:
      return cell.text;
  }
}
