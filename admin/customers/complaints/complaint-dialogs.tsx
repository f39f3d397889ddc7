import {
  Button,
  CloseButton,
  Dialog,
  Field,
  HStack,
  Image,
  NativeSelect,
  Portal,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  assignComplaint,
  COMPLAINT_REPLY_MAX,
  type ComplaintRow,
  getComplaintAssignees,
  getComplaintInfo,
  replyComplaint,
} from '../../../contract/endpoints/complaints';
import { parseTime } from '../../../src/lib/format';
import { callEndpoint } from '../../../src/lib/http';
import { showToast } from '../../../src/lib/notify';
import { endpointQuery, invalidateAreas } from '../../../src/lib/query-options';
import { serverFieldErrors } from '../../core/form-errors';

const TIME = '{y}-{m}-{d} {h}:{i}';

function Shell({
  title,
  onClose,
  onSubmit,
  footer,
  children,
}: {
  title: ReactNode;
  onClose(): void;
  onSubmit?(event: FormEvent): void;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const intl = useIntl();
  const content = (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">{children}</Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button size="sm" variant="outline" onClick={onClose}>
          <FormattedMessage id={onSubmit ? 'engine.cancel' : 'complaints.close'} />
        </Button>
        {footer}
      </Dialog.Footer>
    </>
  );
  return (
    <Dialog.Root open placement="center" size="lg" onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {onSubmit ? (
              <form noValidate onSubmit={onSubmit}>
                {content}
              </form>
            ) : (
              content
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'complaints.close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** What the buyer wrote, with pictures. */
function Filing({ row }: { row: ComplaintRow }) {
  const intl = useIntl();
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" padding="3">
      <Text fontSize="sm" color="fg.muted">
        <FormattedMessage
          id="complaints.filedBy"
          values={{ name: row.MemberName || row.MemberNo, time: parseTime(row.CreatedAt, TIME) }}
        />
        {' · '}
        <FormattedMessage
          id={`complaints.about.${row.Subject}`}
          values={{ orderNo: row.OrderNo, store: row.StoreName }}
        />
      </Text>
      <Text whiteSpace="pre-wrap">{row.Content}</Text>
      {row.Images.length > 0 && (
        <HStack gap="2" wrap="wrap">
          {row.Images.map((image, index) => (
            <Image
              key={image}
              src={image}
              alt={intl.formatMessage({ id: 'complaints.imageNumber' }, { number: index + 1 })}
              boxSize="16"
              borderRadius="md"
              objectFit="cover"
            />
          ))}
        </HStack>
      )}
      {row.Contact && (
        <Text fontSize="sm">
          <FormattedMessage id="complaints.contact" values={{ contact: row.Contact }} />
        </Text>
      )}
    </Stack>
  );
}

/** The complaint with its timeline, read-only (any state, closed ones included). */
export function ComplaintDialog({ rows, onClose }: { rows: ComplaintRow[]; onClose(): void }) {
  const intl = useIntl();
  const row = rows[0]!;
  const info = useQuery(endpointQuery(getComplaintInfo, { id: row.Id }));
  return (
    <Shell
      title={<FormattedMessage id="complaints.detailsTitle" values={{ id: row.Id }} />}
      onClose={onClose}
    >
      <Filing row={row} />
      {row.Reply && (
        <Text>
          <FormattedMessage id="complaints.replyShown" values={{ reply: row.Reply }} />
        </Text>
      )}
      <Stack
        as="ol"
        gap="1"
        aria-label={intl.formatMessage({ id: 'complaints.timeline' })}
        listStyleType="none"
      >
        {info.data ? (
          info.data.Timeline.map((event) => (
            <li key={`${event.Event}-${event.CreatedAt}`}>
              <Text fontSize="sm">
                {parseTime(event.CreatedAt, TIME)}{' '}
                <FormattedMessage
                  id={`complaints.event.${event.Event}`}
                  values={{ actor: event.ActorName, note: event.Note }}
                />
              </Text>
            </li>
          ))
        ) : (
          <Skeleton height="12" />
        )}
      </Stack>
    </Shell>
  );
}

/** Assigns the chosen complaints to one operator of the shop. */
export function AssignDialog({ rows, onClose }: { rows: ComplaintRow[]; onClose(): void }) {
  const intl = useIntl();
  const client = useQueryClient();
  const assignees = useQuery(endpointQuery(getComplaintAssignees, {}));
  const [assignee, setAssignee] = useState(
    rows.length === 1 && rows[0]!.AssigneeId ? String(rows[0]!.AssigneeId) : '',
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (assignee === '') {
      setError(intl.formatMessage({ id: 'complaints.assignRequired' }));
      return;
    }
    setBusy(true);
    try {
      for (const row of rows)
        await callEndpoint(assignComplaint, { Id: row.Id, AssigneeId: Number(assignee) });
      showToast('success', intl.formatMessage({ id: 'complaints.assigned' }, { count: rows.length }));
      onClose();
    } catch (failure) {
      setError(Object.values(serverFieldErrors(failure))[0] ?? null);
    } finally {
      setBusy(false);
      void invalidateAreas(client, assignComplaint);
    }
  };
  return (
    <Shell
      title={<FormattedMessage id="complaints.assignTitle" values={{ count: rows.length }} />}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      footer={
        <Button size="sm" type="submit" colorPalette="brand" loading={busy}>
          <FormattedMessage id="complaint.action.assign" />
        </Button>
      }
    >
      <Field.Root required invalid={error !== null}>
        <Field.Label>
          <FormattedMessage id="complaints.assignee" />
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            autoFocus
            value={assignee}
            onChange={(event) => setAssignee(event.target.value)}
          >
            <option value="">{intl.formatMessage({ id: 'complaints.chooseAssignee' })}</option>
            {(assignees.data?.Data ?? []).map((account) => (
              <option key={account.Id} value={account.Id}>
                {account.Name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
    </Shell>
  );
}

/** The reply the buyer reads in the storefront; sending it resolves the complaint. */
export function ReplyDialog({ rows, onClose }: { rows: ComplaintRow[]; onClose(): void }) {
  const intl = useIntl();
  const client = useQueryClient();
  const [reply, setReply] = useState(rows.length === 1 ? rows[0]!.Reply : '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reply.trim() === '') {
      setError(intl.formatMessage({ id: 'complaints.replyRequired' }));
      return;
    }
    setBusy(true);
    try {
      for (const row of rows) await callEndpoint(replyComplaint, { Id: row.Id, Reply: reply });
      showToast('success', intl.formatMessage({ id: 'complaints.replied' }, { count: rows.length }));
      onClose();
    } catch (failure) {
      setError(Object.values(serverFieldErrors(failure))[0] ?? null);
    } finally {
      setBusy(false);
      void invalidateAreas(client, replyComplaint);
    }
  };
  return (
    <Shell
      title={<FormattedMessage id="complaints.replyTitle" values={{ count: rows.length }} />}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      footer={
        <Button size="sm" type="submit" colorPalette="brand" loading={busy}>
          <FormattedMessage id="complaints.sendReply" />
        </Button>
      }
    >
      {rows.length === 1 && <Filing row={rows[0]!} />}
      <Field.Root required invalid={error !== null}>
        <Field.Label>
          <FormattedMessage id="complaints.replyLabel" />
          <Field.RequiredIndicator />
        </Field.Label>
        <Textarea
          autoFocus
          rows={4}
          maxLength={COMPLAINT_REPLY_MAX}
          value={reply}
          onChange={(event) => setReply(event.target.value)}
        />
        <Field.HelperText>
          <FormattedMessage id="complaints.replyHelp" />
        </Field.HelperText>
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
    </Shell>
  );
}
