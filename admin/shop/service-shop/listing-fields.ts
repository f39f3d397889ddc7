import type { FieldValues } from 'react-hook-form';
import type { FieldSpec } from '../../core/form-field';
import { ratingToTenths, tenthsToRating } from './form-values';

/**
 * What a service and a technician both have as listed in the shop: a star rating typed as text,
 * a sort number and whether it is switched on.
 */
export interface ListingDraft {
  RatingText: string;
  Sort: number;
  SwitchedOn: boolean;
}

export const NEW_LISTING: ListingDraft = { RatingText: '5.0', Sort: 0, SwitchedOn: true };

export function listingDraft(row: { Rating: number; Sort: number; Status: string }): ListingDraft {
  return { RatingText: tenthsToRating(row.Rating), Sort: row.Sort, SwitchedOn: row.Status === 'on' };
}

export function listingInput(draft: ListingDraft) {
  return {
    Rating: ratingToTenths(draft.RatingText),
    Sort: Number(draft.Sort),
    Status: draft.SwitchedOn ? 'on' : 'off',
  };
}

/** The save's names of the listing fields, where the draft holds them under other names. */
export const LISTING_RENAMES = { Rating: 'RatingText', Status: 'SwitchedOn' } as const;

type Translate = (id: string) => string;

function field<Draft extends FieldValues>(
  spec: Omit<FieldSpec<Draft>, 'name'> & { name: keyof ListingDraft },
) {
  return spec as FieldSpec<Draft>;
}

/** The rating and sort fields, the last of the form's grid. */
export function ratingAndSortFields<Draft extends ListingDraft>(t: Translate): FieldSpec<Draft>[] {
  return [
    field({ name: 'RatingText', kind: 'text', label: t('serviceShopForm.rating'), inputMode: 'decimal' }),
    field({
      name: 'Sort',
      kind: 'number',
      label: t('serviceShopForm.sort'),
      help: t('serviceShopForm.sortHelp'),
    }),
  ];
}

export function switchedOnField<Draft extends ListingDraft>(t: Translate): FieldSpec<Draft> {
  return field({ name: 'SwitchedOn', kind: 'checkbox', label: t('serviceShopForm.switchedOn') });
}
