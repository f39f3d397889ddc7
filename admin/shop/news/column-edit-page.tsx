import { Button, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import {
  COLUMN_TITLE_MAX,
  type ColumnRow,
  getColumnInfo,
  getColumnList,
  SUMMARY_MAX,
  saveColumn,
} from '../../../contract/endpoints/news';
import { NewsPermission } from '../../../contract/machines/news';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { ImageField } from '../../../src/lib/image-library/image-field';
import { endpointQuery } from '../../../src/lib/query-options';
import { FormFields, FormSection } from '../../core/form-field';
import { PageHeading, RecordView } from '../../core/record-view';
import { useRecord } from '../../core/use-record';
import { useResourceForm } from '../../core/use-resource-form';
import { newsCatalogues } from './messages';

type ColumnDetail = z.infer<typeof getColumnInfo.output>;

interface ColumnDraft {
  Title: string;
  ParentId: string;
  Image: string;
  Summary: string;
  Visible: boolean;
  Sort: number;
}

const NEW_COLUMN: ColumnDraft = { Title: '', ParentId: '', Image: '', Summary: '', Visible: true, Sort: 0 };

function ColumnEditor({ detail, columns }: { detail?: ColumnDetail; columns: ColumnRow[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const { form, submit } = useResourceForm({
    defaultValues: detail
      ? {
          Title: detail.Title,
          ParentId: detail.ParentId === null ? '' : String(detail.ParentId),
          Image: detail.Image,
          Summary: detail.Summary,
          Visible: detail.Visible,
          Sort: detail.Sort,
        }
      : NEW_COLUMN,
    save: saveColumn,
    toInput: (draft: ColumnDraft) => ({
      ...(detail ? { Id: detail.Id, Version: detail.Version } : {}),
      Title: draft.Title,
      ParentId: draft.ParentId === '' ? null : Number(draft.ParentId),
      Image: draft.Image,
      Summary: draft.Summary,
      Visible: draft.Visible,
      Sort: draft.Sort,
    }),
    savedMessage: 'newsColumnForm.saved',
    afterSave: () => ({ to: NewsPermission.columns }),
  });
  // Two levels: a parent is a top-level column other than this one.
  const parents = columns.filter((row) => row.Level === 1 && row.Id !== detail?.Id);
  const title = t(detail ? 'newsColumnForm.editTitle' : 'newsColumnForm.createTitle');
  return (
    <form aria-label={title} onSubmit={submit} noValidate>
      <Stack gap="4" padding="5">
        <PageHeading title={title}>
          <Button variant="outline" onClick={() => navigate(NewsPermission.columns)}>
            <FormattedMessage id="newsColumnForm.backToList" />
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
        <FormSection title={t('newsColumnForm.section')}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormFields
              form={form}
              fields={[
                {
                  name: 'Title',
                  kind: 'text',
                  label: t('newsColumnForm.title'),
                  required: true,
                  maxLength: COLUMN_TITLE_MAX,
                },
                {
                  name: 'ParentId',
                  kind: 'select',
                  label: t('newsColumnForm.parent'),
                  options: [
                    { value: '', label: t('newsColumnForm.noParent') },
                    ...parents.map((row) => ({ value: String(row.Id), label: row.Title })),
                  ],
                },
                { name: 'Sort', kind: 'number', label: t('newsColumnForm.sort') },
              ]}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="Image"
            render={({ field }) => (
              <ImageField label={t('newsColumnForm.image')} value={field.value} onChange={field.onChange} />
            )}
          />
          <FormFields
            form={form}
            fields={[
              {
                name: 'Summary',
                kind: 'textarea',
                label: t('newsColumnForm.summary'),
                maxLength: SUMMARY_MAX,
              },
              { name: 'Visible', kind: 'checkbox', label: t('newsColumnForm.visible') },
            ]}
          />
        </FormSection>
      </Stack>
    </form>
  );
}

/** /shop/columnEdit: a column, new (no id) or existing (?id=). */
function ColumnEditPage() {
  const record = useRecord(getColumnInfo, { allowNew: true });
  // The parent select is filled before the form, so the saved parent is selected from the start.
  const columns = useQuery(endpointQuery(getColumnList, { page: 1, pageSize: 100 }));
  if (!columns.data) return <Skeleton height="64" margin="5" />;
  const rows = columns.data.Data;
  return (
    <RecordView record={record} renderNew={() => <ColumnEditor key="new" columns={rows} />}>
      {(detail) => <ColumnEditor key={`${detail.Id}-${detail.Version}`} detail={detail} columns={rows} />}
    </RecordView>
  );
}

export default withModuleMessages(ColumnEditPage, newsCatalogues);
