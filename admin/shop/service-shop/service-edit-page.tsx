import { lookupEndpoints } from '../../../contract/endpoints/link-entities';
import {
  getServiceInfo,
  NAME_MAX,
  type ServiceRow,
  ServiceShopPermission,
  saveService,
} from '../../../contract/endpoints/service-shop';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { fenToYuanText } from '../../core/list-state';
import { type RecordFormDefinition, RecordFormPage } from '../../core/record-form';
import { priceToFen } from './form-values';
import {
  LISTING_RENAMES,
  type ListingDraft,
  listingDraft,
  listingInput,
  NEW_LISTING,
  ratingAndSortFields,
  switchedOnField,
} from './listing-fields';
import { serviceShopCatalogues } from './messages';

interface ServiceDraft extends ListingDraft {
  Name: string;
  PriceText: string;
  Minutes: number;
  Image: string;
  TechnicianIds: number[];
  BookingFormId: string;
}

const lookups = { people: lookupEndpoints.technician, forms: lookupEndpoints.bookingForm };

/** /shop/serviceEdit: a service, new (no id) or existing (?id=). */
const serviceForm: RecordFormDefinition<ServiceRow, ServiceDraft, typeof saveService, typeof lookups> = {
  read: getServiceInfo,
  save: saveService,
  titles: { create: 'serviceForm.createTitle', edit: 'serviceForm.editTitle' },
  backTo: ServiceShopPermission.services,
  backLabel: 'serviceShop.backToList',
  savedMessage: 'serviceShop.saved',
  lookups,
  empty: {
    Name: '',
    PriceText: '',
    Minutes: 60,
    Image: '',
    TechnicianIds: [],
    BookingFormId: '',
    ...NEW_LISTING,
  },
  draft: (row) => ({
    Name: row.Name,
    PriceText: fenToYuanText(row.PriceFen),
    Minutes: row.Minutes,
    Image: row.Image,
    TechnicianIds: row.TechnicianIds,
    BookingFormId: row.BookingFormId === null ? '' : String(row.BookingFormId),
    ...listingDraft(row),
  }),
  toInput: (draft) => ({
    Name: draft.Name,
    PriceFen: priceToFen(draft.PriceText),
    Minutes: Number(draft.Minutes),
    Image: draft.Image,
    TechnicianIds: draft.TechnicianIds,
    BookingFormId: draft.BookingFormId === '' ? null : Number(draft.BookingFormId),
    ...listingInput(draft),
  }),
  renames: { PriceFen: 'PriceText', ...LISTING_RENAMES },
  sections: ({ t, lookups }) => [
    {
      title: 'serviceForm.section',
      parts: [
        {
          columns: 2,
          fields: [
            { name: 'Name', kind: 'text', label: t('serviceForm.name'), required: true, maxLength: NAME_MAX },
            {
              name: 'PriceText',
              kind: 'text',
              label: t('serviceForm.price'),
              required: true,
              inputMode: 'decimal',
            },
            { name: 'Minutes', kind: 'number', label: t('serviceForm.minutes'), required: true },
            {
              name: 'BookingFormId',
              kind: 'select',
              label: t('serviceForm.bookingForm'),
              options: [
                { value: '', label: t('serviceShop.noBookingForm') },
                ...lookups.forms.map((row) => ({ value: String(row.Id), label: row.Title })),
              ],
            },
            ...ratingAndSortFields(t),
          ],
        },
        {
          fields: [
            {
              name: 'TechnicianIds',
              kind: 'checkboxes',
              label: t('serviceForm.technicians'),
              choices: lookups.people.map((person) => ({ id: person.Id, label: person.Title })),
              noChoices: t('serviceForm.noTechnicians'),
            },
            { name: 'Image', kind: 'image', label: t('serviceForm.cover') },
            switchedOnField(t),
          ],
        },
      ],
    },
  ],
};

export default withModuleMessages(() => <RecordFormPage definition={serviceForm} />, serviceShopCatalogues);
