import { lookupEndpoints } from '../../../contract/endpoints/link-entities';
import {
  getTechnicianInfo,
  JOB_TITLE_MAX,
  NAME_MAX,
  ServiceShopPermission,
  SKILLS_MAX,
  saveTechnician,
  type TechnicianRow,
} from '../../../contract/endpoints/service-shop';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { type RecordFormDefinition, RecordFormPage } from '../../core/record-form';
import { splitSkills } from './form-values';
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

interface TechnicianDraft extends ListingDraft {
  Name: string;
  JobTitle: string;
  SkillsText: string;
  StoreId: string;
  Image: string;
}

const lookups = { stores: lookupEndpoints.store };

/** /shop/technicianEdit: a technician, new (no id) or existing (?id=). */
const technicianForm: RecordFormDefinition<
  TechnicianRow,
  TechnicianDraft,
  typeof saveTechnician,
  typeof lookups
> = {
  read: getTechnicianInfo,
  save: saveTechnician,
  titles: { create: 'technicianForm.createTitle', edit: 'technicianForm.editTitle' },
  backTo: ServiceShopPermission.technicians,
  backLabel: 'serviceShop.backToList',
  savedMessage: 'serviceShop.saved',
  lookups,
  empty: { Name: '', JobTitle: '', SkillsText: '', StoreId: '', Image: '', ...NEW_LISTING },
  draft: (row) => ({
    Name: row.Name,
    JobTitle: row.JobTitle,
    SkillsText: row.Skills.join('，'),
    StoreId: row.StoreId === null ? '' : String(row.StoreId),
    Image: row.Image,
    ...listingDraft(row),
  }),
  toInput: (draft) => ({
    Name: draft.Name,
    JobTitle: draft.JobTitle,
    Skills: splitSkills(draft.SkillsText),
    StoreId: draft.StoreId === '' ? null : Number(draft.StoreId),
    Image: draft.Image,
    ...listingInput(draft),
  }),
  renames: { Skills: 'SkillsText', ...LISTING_RENAMES },
  sections: ({ t, lookups }) => [
    {
      title: 'technicianForm.section',
      parts: [
        {
          columns: 2,
          fields: [
            {
              name: 'Name',
              kind: 'text',
              label: t('technicianForm.name'),
              required: true,
              maxLength: NAME_MAX,
            },
            { name: 'JobTitle', kind: 'text', label: t('technicianForm.jobTitle'), maxLength: JOB_TITLE_MAX },
            {
              name: 'SkillsText',
              kind: 'text',
              label: t('technicianForm.skills'),
              help: t('technicianForm.skillsHelp', { max: SKILLS_MAX }),
            },
            {
              name: 'StoreId',
              kind: 'select',
              label: t('technicianForm.store'),
              options: [
                { value: '', label: t('serviceShop.noStore') },
                ...lookups.stores.map((store) => ({ value: String(store.Id), label: store.Title })),
              ],
            },
            ...ratingAndSortFields(t),
          ],
        },
        {
          fields: [{ name: 'Image', kind: 'image', label: t('technicianForm.photo') }, switchedOnField(t)],
        },
      ],
    },
  ],
};

export default withModuleMessages(
  () => <RecordFormPage definition={technicianForm} />,
  serviceShopCatalogues,
);
