import {
  Button,
  CloseButton,
  DataList,
  Dialog,
  HStack,
  Image,
  Portal,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { FORM_DATA_EDIT_PERMISSION } from '../../contract/endpoints/form-data-edit';
import {
  delFormData,
  exportFormData,
  getFormDataDetail,
  getFormList,
  MAX_FORMS_PER_SITE,
  type SubmissionRow,
  submissionListResource,
} from '../../contract/endpoints/smart-form';
import { downloadFile } from '../../src/lib/file-download';
import { parseTime } from '../../src/lib/format';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { endpointQuery } from '../../src/lib/query-options';
import { type ResourceColumn, ResourceList } from '../core/resource-list';
import { useGrantedPaths, useResourceAction, useResourceList } from '../core/use-resource-list';
import { submissionsCatalogues } from './messages';

const TIME = '{y}-{m}-{d} {h}:{i}';

const columns: ResourceColumn<SubmissionRow>[] = [
  { id: 'form', header: 'smartFormData.column.form', cell: (row) => row.FormName },
  {
    id: 'summary',
    header: 'smartFormData.column.summary',
    cell: (row) => (
      <Text lineClamp={2} maxWidth="lg">
        {row.Summary}
      </Text>
    ),
  },
  {
    id: 'createdAt',
    header: 'smartFormData.column.createdAt',
    sortField: 'createdAt',
    cell: (row) => <Text whiteSpace="nowrap">{parseTime(row.CreatedAt, TIME)}</Text>,
  },
];

/** One submission: every answer under the form's current labels, pictures shown. */
function DetailDialog({ id, onClose }: { id: number; onClose(): void }) {
  const intl = useIntl();
  const detail = useQuery(endpointQuery(getFormDataDetail, { Id: id }));
  const data = detail.data;
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && onClose()}
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                <FormattedMessage id="smartFormData.details" values={{ id }} />
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {!data ? (
                <Skeleton height="32" />
              ) : (
                <Stack gap="3">
                  <Text fontSize="sm" color="fg.muted">
                    <FormattedMessage
                      id="smartFormData.submittedAt"
                      values={{ time: parseTime(data.CreatedAt, TIME), form: data.FormName }}
                    />
                  </Text>
                  <DataList.Root orientation="horizontal" data-testid="submission-details">
                    {data.Items.map((item) => (
                      <DataList.Item key={item.FieldId}>
                        <DataList.ItemLabel>{item.Label}</DataList.ItemLabel>
                        <DataList.ItemValue>
                          {item.Images.length > 0 ? (
                            <HStack gap="2" wrap="wrap">
                              {item.Images.map((url, index) => (
                                <Image
                                  key={url}
                                  src={url}
                                  alt={intl.formatMessage(
                                    { id: 'smartFormData.image' },
                                    { label: item.Label, number: index + 1 },
                                  )}
                                  boxSize="16"
                                  objectFit="cover"
                                  borderRadius="md"
                                />
                              ))}
                            </HStack>
                          ) : (
                            <Text whiteSpace="pre-wrap">
                              {item.Text || intl.formatMessage({ id: 'smartFormData.noAnswer' })}
                            </Text>
                          )}
                        </DataList.ItemValue>
                      </DataList.Item>
                    ))}
                  </DataList.Root>
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'app.close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

const KEEP = { view: 'submissions' } as const;

/** Submissions of every form, filtered by form, day range and a keyword over the answers. */
function SubmissionsList({ onNotice }: { onNotice(formId: number, name: string): void }) {
  const intl = useIntl();
  const list = useResourceList<SubmissionRow>(submissionListResource, KEEP);
  const forms = useQuery(endpointQuery(getFormList, { page: 1, pageSize: MAX_FORMS_PER_SITE }));
  const remove = useResourceAction([], delFormData);
  const navigate = useNavigate();
  const mayEdit = useGrantedPaths().has(FORM_DATA_EDIT_PERMISSION);
  const [open, setOpen] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const formId = Number(list.state.filters.FormId ?? '') || null;
  const chosen = forms.data?.Data.find((form) => form.Id === formId);

  const deleteRows = (ids: number[]) =>
    remove.run({
      input: { Ids: ids },
      confirmKey: 'smartFormData.confirmDelete',
      count: ids.length,
      destructive: true,
    });
  const exportChosen = async () => {
    if (!formId) return;
    const { From, To, Keyword } = list.state.filters;
    setExporting(true);
    try {
      await downloadFile(exportFormData, {
        FormId: formId,
        ...(From ? { From } : {}),
        ...(To ? { To } : {}),
        ...(Keyword ? { Keyword } : {}),
      });
    } catch {
      // The HTTP layer already showed the server's message.
    } finally {
      setExporting(false);
    }
  };
  const named = (action: string, row: SubmissionRow) =>
    intl.formatMessage(
      { id: 'smartFormData.actionNamed' },
      { action: intl.formatMessage({ id: action }), id: row.Id },
    );

  return (
    <>
      <ResourceList<SubmissionRow>
        resource={submissionListResource}
        columns={columns}
        rowKey={(row) => row.Id}
        {...list}
        filterOptions={{
          form: (forms.data?.Data ?? []).map((form) => ({ value: String(form.Id), label: form.Name })),
        }}
        toolbar={
          <HStack gap="2">
            <Button
              size="sm"
              variant="outline"
              disabled={!chosen}
              title={chosen ? undefined : intl.formatMessage({ id: 'smartFormData.exportHint' })}
              onClick={() => chosen && onNotice(chosen.Id, chosen.Name)}
            >
              <FormattedMessage id="smartFormData.notice" />
            </Button>
            <Button
              size="sm"
              colorPalette="brand"
              disabled={!chosen}
              loading={exporting}
              title={chosen ? undefined : intl.formatMessage({ id: 'smartFormData.exportHint' })}
              onClick={() => void exportChosen()}
            >
              <FormattedMessage id="smartFormData.export" />
            </Button>
          </HStack>
        }
        rowActions={(row) => (
          <>
            <Button
              size="xs"
              variant="ghost"
              colorPalette="brand"
              aria-label={named('smartFormData.view', row)}
              onClick={() => setOpen(row.Id)}
            >
              <FormattedMessage id="smartFormData.view" />
            </Button>
            {mayEdit && (
              <Button
                size="xs"
                variant="ghost"
                colorPalette="brand"
                aria-label={named('smartFormData.edit', row)}
                onClick={() => navigate(`${FORM_DATA_EDIT_PERMISSION}?id=${row.Id}`)}
              >
                <FormattedMessage id="smartFormData.edit" />
              </Button>
            )}
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              aria-label={named('smartFormData.delete', row)}
              onClick={() => void deleteRows([row.Id])}
            >
              <FormattedMessage id="smartFormData.delete" />
            </Button>
          </>
        )}
        bulkActions={(rows, clear) => (
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            onClick={async () => {
              if (await deleteRows(rows.map((row) => row.Id))) clear();
            }}
          >
            <FormattedMessage id="smartFormData.delete" />
          </Button>
        )}
      />
      {open !== null && <DetailDialog id={open} onClose={() => setOpen(null)} />}
    </>
  );
}

/** The smart form page's submissions tab, loaded beside the editor by the view registry. */
export const SubmissionsView = withModuleMessages(SubmissionsList, submissionsCatalogues);
