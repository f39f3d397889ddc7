import { specCombinations } from '../../contract/endpoints/goods';
import { fenToYuanText, yuanToFen } from '../core/list-state';

/** One row of the SKU table as the person edits it: money in yuan, numbers as typed. */
export interface SkuDraft {
  Id?: number;
  SpecValues: string[];
  Price: string;
  Stock: string;
  Code: string;
  Weight: string;
  Volume: string;
  Image: string;
}

export interface SpecDraft {
  Name: string;
  Values: string[];
}

const blank = (SpecValues: string[]): SkuDraft => ({
  SpecValues,
  Price: '',
  Stock: '',
  Code: '',
  Weight: '',
  Volume: '',
  Image: '',
});

/** Specs with a name and at least one value take part; blank values are dropped. */
export function usableSpecs(specs: readonly SpecDraft[]): SpecDraft[] {
  return specs
    .map((spec) => ({
      Name: spec.Name.trim(),
      Values: spec.Values.map((value) => value.trim()).filter(Boolean),
    }))
    .filter((spec) => spec.Name !== '' && spec.Values.length > 0);
}

/**
 * The SKU rows for the specs: one per combination of values (first spec varying slowest), keeping
 * what was typed in rows whose combination still exists. Without specs, one row with no values.
 */
export function buildSkuRows(specs: readonly SpecDraft[], existing: readonly SkuDraft[]): SkuDraft[] {
  const byKey = new Map(existing.map((row) => [JSON.stringify(row.SpecValues), row]));
  return specCombinations(usableSpecs(specs)).map(
    (values) => byKey.get(JSON.stringify(values)) ?? blank(values),
  );
}

export type BulkFill = Pick<SkuDraft, 'Price' | 'Stock' | 'Code' | 'Weight' | 'Volume'>;

/** Applies the non-empty fields of `fill` to every row. */
export function bulkFill(rows: readonly SkuDraft[], fill: BulkFill): SkuDraft[] {
  const given = Object.fromEntries(Object.entries(fill).filter(([, value]) => value.trim() !== ''));
  return rows.map((row) => ({ ...row, ...given }));
}

// Stryker disable next-line MethodExpression: Number() trims the same whitespace as trim(), so the second trim cannot change the number.
const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The rows as the save call wants them: fen, whole numbers (NaN where typed wrong, for zod to name). */
export function skuInputs(rows: readonly SkuDraft[]) {
  return rows.map((row) => ({
    ...(row.Id === undefined ? {} : { Id: row.Id }),
    SpecValues: row.SpecValues,
    PriceFen: yuanToFen(row.Price) ?? Number.NaN,
    Stock: wholeNumber(row.Stock),
    Code: row.Code.trim(),
    WeightG: row.Weight.trim() === '' ? 0 : wholeNumber(row.Weight),
    VolumeCm3: row.Volume.trim() === '' ? 0 : wholeNumber(row.Volume),
    Image: row.Image,
  }));
}

/** Loaded SKUs back into editable rows. */
export function skuDrafts(
  skus: readonly {
    Id: number;
    SpecValues: string[];
    PriceFen: number;
    Stock: number;
    Code: string;
    WeightG: number;
    VolumeCm3: number;
    Image: string;
  }[],
): SkuDraft[] {
  return skus.map((sku) => ({
    Id: sku.Id,
    SpecValues: sku.SpecValues,
    Price: fenToYuanText(sku.PriceFen),
    Stock: String(sku.Stock),
    Code: sku.Code,
    Weight: String(sku.WeightG),
    Volume: String(sku.VolumeCm3),
    Image: sku.Image,
  }));
}
