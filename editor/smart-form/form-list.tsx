import { Button, HStack, Skeleton, Stack, Switch, Table } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  addForm,
  delForm,
  type FormSummary,
  getFormList,
  MAX_FORMS_PER_SITE,
  setForm,
} from '../../contract/endpoints/smart-form';
import { parseTime } from '../../src/lib/format';
import { callEndpoint } from '../../src/lib/http';
import { NameDialog } from '../../src/lib/name-dialog';
import { alertDialog, confirmDialog, showToast } from '../../src/lib/notify';
import { endpointQuery, invalidateAreas } from '../../src/lib/query-options';
import { QueryOutcome } from '../../src/lib/query-outcome';
import { NoticeDialog } from './notice-dialog';

type NameRequest = { kind: 'add' } | { kind: 'rename' | 'copy'; form: FormSummary };

function FormNameDialog({ request, onClose }: { request: NameRequest; onClose(): void }) {
  const intl = useIntl();
  const client = useQueryClient();
  const initial =
    request.kind === 'add'
      ? ''
      : request.kind === 'rename'
        ? request.form.Name
        : intl.formatMessage({ id: 'smartForm.copyName' }, { name: request.form.Name });
  const submit = async (name: string) => {
    if (request.kind === 'rename') await callEndpoint(setForm, { Id: request.form.Id, Name: name });
    else
      await callEndpoint(addForm, {
        Name: name,
        ...(request.kind === 'copy' ? { CopyFromId: request.form.Id } : {}),
      });
    showToast('success', intl.formatMessage({ id: 'smartForm.actionDone' }));
    await invalidateAreas(client, getFormList);
    onClose();
  };
  return (
    <NameDialog
      title={intl.formatMessage({ id: `smartForm.${request.kind}Title` })}
      label={intl.formatMessage({ id: 'smartForm.nameLabel' })}
      initial={initial}
      maxLength={40}
      onClose={onClose}
      onSubmit={submit}
    />
  );
}

/**
 * The shop's forms. Deleting is refused while a form has submissions (they are the shop's data):
 * the screen says so up front instead of asking to confirm.
 */
export function FormList({
  onEdit,
  onSubmissions,
}: {
  onEdit(id: number): void;
  onSubmissions(id: number): void;
}) {
  const intl = useIntl();
  const client = useQueryClient();
  const list = useQuery(endpointQuery(getFormList, { page: 1, pageSize: MAX_FORMS_PER_SITE }));
  const [naming, setNaming] = useState<NameRequest | null>(null);
  const [notice, setNotice] = useState<FormSummary | null>(null);
  const refresh = () => invalidateAreas(client, getFormList);
  const say = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const named = (action: string, form: FormSummary) =>
    say('smartForm.actionNamed', { action: say(action), name: form.Name });

  const toggle = async (form: FormSummary, enabled: boolean) => {
    try {
      await callEndpoint(setForm, { Id: form.Id, Enabled: enabled });
      await refresh();
    } catch {
      // The HTTP layer already showed the server's message.
    }
  };
  const remove = async (form: FormSummary) => {
    if (form.SubmissionCount > 0) {
      await alertDialog(
        say('smartForm.confirmTitle'),
        say('smartForm.deleteBlocked', { name: form.Name, count: form.SubmissionCount }),
      );
      return;
    }
    const confirmed = await confirmDialog({
      title: say('smartForm.confirmTitle'),
      message: say('smartForm.confirmDelete', { name: form.Name }),
      confirmText: say('smartForm.confirmDestructive'),
      cancelText: say('smartForm.cancel'),
    });
    if (!confirmed) return;
    try {
      await callEndpoint(delForm, { Id: form.Id });
      showToast('success', say('smartForm.actionDone'));
      await refresh();
    } catch {
      // The HTTP layer already showed the server's message.
    }
  };

  const rows = list.data?.Data ?? [];
  return (
    <Stack gap="3">
      <HStack justify="flex-end">
        <Button size="sm" colorPalette="brand" onClick={() => setNaming({ kind: 'add' })}>
          <FormattedMessage id="smartForm.add" />
        </Button>
      </HStack>
      <QueryOutcome
        query={list}
        isEmpty={(data) => data.Data.length === 0}
        loading={<Skeleton height="40" />}
        errorText={<FormattedMessage id="smartForm.loadFailed" />}
        emptyText={<FormattedMessage id="smartForm.empty" />}
      >
        {() => (
          <Table.ScrollArea borderWidth="1px" borderRadius="md">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  {['name', 'fields', 'submissions', 'enabled', 'updated', 'actions'].map((column) => (
                    <Table.ColumnHeader key={column}>
                      <FormattedMessage id={`smartForm.column.${column}`} />
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((form) => (
                  <Table.Row key={form.Id}>
                    <Table.Cell fontWeight="medium">{form.Name}</Table.Cell>
                    <Table.Cell>{form.FieldCount}</Table.Cell>
                    <Table.Cell>{form.SubmissionCount}</Table.Cell>
                    <Table.Cell>
                      <Switch.Root
                        size="sm"
                        checked={form.Enabled}
                        onCheckedChange={(details) => void toggle(form, details.checked)}
                      >
                        <Switch.HiddenInput aria-label={say('smartForm.enabledNamed', { name: form.Name })} />
                        <Switch.Control />
                      </Switch.Root>
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      {parseTime(form.UpdatedAt, '{y}-{m}-{d} {h}:{i}')}
                    </Table.Cell>
                    <Table.Cell>
                      <HStack gap="0" wrap="wrap">
                        {(
                          [
                            ['smartForm.edit', () => onEdit(form.Id)],
                            ['smartForm.viewSubmissions', () => onSubmissions(form.Id)],
                            ['smartForm.notice', () => setNotice(form)],
                            ['smartForm.rename', () => setNaming({ kind: 'rename', form })],
                            ['smartForm.copy', () => setNaming({ kind: 'copy', form })],
                          ] as const
                        ).map(([action, run]) => (
                          <Button
                            key={action}
                            size="xs"
                            variant="ghost"
                            colorPalette="brand"
                            aria-label={named(action, form)}
                            onClick={run}
                          >
                            <FormattedMessage id={action} />
                          </Button>
                        ))}
                        <Button
                          size="xs"
                          variant="ghost"
                          colorPalette="red"
                          aria-label={named('smartForm.delete', form)}
                          onClick={() => void remove(form)}
                        >
                          <FormattedMessage id="smartForm.delete" />
                        </Button>
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </QueryOutcome>
      {naming && <FormNameDialog request={naming} onClose={() => setNaming(null)} />}
      {notice && <NoticeDialog formId={notice.Id} name={notice.Name} onClose={() => setNotice(null)} />}
    </Stack>
  );
}
