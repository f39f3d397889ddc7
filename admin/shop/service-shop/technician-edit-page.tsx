import { Button, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
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
import { ImageField } from '../../../src/lib/image-library/image-field';
import { endpointQuery } from '../../../src/lib/query-options';
import { FormFields, FormSection } from '../../core/form-field';
import { PageHeading, RecordView } from '../../core/record-view';
import { useRecord } from '../../core/use-record';
import { useResourceForm } from '../../core/use-resource-form';
import { ratingToTenths, splitSkills, tenthsToRating } from './form-values';
import { serviceShopCatalogues } from './messages';

interface TechnicianDraft {
  Name: string;
  JobTitle: string;
  SkillsText: string;
  StoreId: string;
  Image: string;
  RatingText: string;
  Sort: number;
  SwitchedOn: boolean;
}

const NEW_TECHNICIAN: TechnicianDraft = {
  Name: '',
  JobTitle: '',
  SkillsText: '',
  StoreId: '',
  Image: '',
  RatingText: '5.0',
  Sort: 0,
  SwitchedOn: true,
};

function TechnicianEditor({
  detail,
  stores,
}: {
  detail?: TechnicianRow;
  stores: { Id: number; Title: string }[];
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const navigate = useNavigate();
  const { form, submit } = useResourceForm({
    defaultValues: detail
      ? {
          Name: detail.Name,
          JobTitle: detail.JobTitle,
          SkillsText: detail.Skills.join('，'),
          StoreId: detail.StoreId === null ? '' : String(detail.StoreId),
          Image: detail.Image,
          RatingText: tenthsToRating(detail.Rating),
          Sort: detail.Sort,
          SwitchedOn: detail.Status === 'on',
        }
      : NEW_TECHNICIAN,
    save: saveTechnician,
    toInput: (draft: TechnicianDraft) => ({
      ...(detail ? { Id: detail.Id, Version: detail.Version } : {}),
      Name: draft.Name,
      JobTitle: draft.JobTitle,
      Skills: splitSkills(draft.SkillsText),
      StoreId: draft.StoreId === '' ? null : Number(draft.StoreId),
      Image: draft.Image,
      Rating: ratingToTenths(draft.RatingText),
      Sort: Number(draft.Sort),
      Status: draft.SwitchedOn ? 'on' : 'off',
    }),
    renames: { Skills: 'SkillsText', Rating: 'RatingText', Status: 'SwitchedOn' },
    savedMessage: 'serviceShop.saved',
    afterSave: () => ({ to: ServiceShopPermission.technicians }),
  });
  const title = t(detail ? 'technicianForm.editTitle' : 'technicianForm.createTitle');
  return (
    <form aria-label={title} onSubmit={submit} noValidate>
      <Stack gap="4" padding="5">
        <PageHeading title={title}>
          <Button variant="outline" onClick={() => navigate(ServiceShopPermission.technicians)}>
            <FormattedMessage id="serviceShop.backToList" />
          </Button>
          <Button
            type="submit"
            colorPalette="brand"
            loading={form.formState.isSubmitting}
            loadingText={t('engine.saving')}
          >
            <FormattedMessage id="engine.save" />
          </Button>
        </PageHeading>
        <FormSection title={t('technicianForm.section')}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormFields
              form={form}
              fields={[
                {
                  name: 'Name',
                  kind: 'text',
                  label: t('technicianForm.name'),
                  required: true,
                  maxLength: NAME_MAX,
                },
                {
                  name: 'JobTitle',
                  kind: 'text',
                  label: t('technicianForm.jobTitle'),
                  maxLength: JOB_TITLE_MAX,
                },
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
                    ...stores.map((store) => ({ value: String(store.Id), label: store.Title })),
                  ],
                },
                {
                  name: 'RatingText',
                  kind: 'text',
                  label: t('serviceShopForm.rating'),
                  inputMode: 'decimal',
                },
                {
                  name: 'Sort',
                  kind: 'number',
                  label: t('serviceShopForm.sort'),
                  help: t('serviceShopForm.sortHelp'),
                },
              ]}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="Image"
            render={({ field }) => (
              <ImageField label={t('technicianForm.photo')} value={field.value} onChange={field.onChange} />
            )}
          />
          <FormFields
            form={form}
            fields={[{ name: 'SwitchedOn', kind: 'checkbox', label: t('serviceShopForm.switchedOn') }]}
          />
        </FormSection>
      </Stack>
    </form>
  );
}

/** /shop/technicianEdit: a technician, new (no id) or existing (?id=). */
function TechnicianEditPage() {
  const record = useRecord(getTechnicianInfo, { allowNew: true });
  // The store select is filled before the form, so the saved store is selected from the start.
  const stores = useQuery(endpointQuery(lookupEndpoints.store, { page: 1, pageSize: 100 }));
  if (!stores.data) return <Skeleton height="64" margin="5" />;
  const rows = stores.data.Data;
  return (
    <RecordView record={record} renderNew={() => <TechnicianEditor key="new" stores={rows} />}>
      {(detail) => <TechnicianEditor key={`${detail.Id}-${detail.Version}`} detail={detail} stores={rows} />}
    </RecordView>
  );
}

export default withModuleMessages(TechnicianEditPage, serviceShopCatalogues);
