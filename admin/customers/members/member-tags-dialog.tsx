import { Button, CloseButton, Dialog, Field, Input, Portal, Stack } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type MemberRow, setMemberTags } from '../../../contract/endpoints/members';
import { callEndpoint } from '../../../src/lib/http';
import { showToast } from '../../../src/lib/notify';
import { invalidateAreas } from '../../../src/lib/query-options';
import { serverFieldErrors } from '../../core/form-errors';
import { splitTags } from './member-tags';

/** Tags added and removed on the chosen members at once (one row or the selection). */
export function MemberTagsDialog({ rows, onClose }: { rows: MemberRow[]; onClose(): void }) {
  const intl = useIntl();
  const client = useQueryClient();
  const [add, setAdd] = useState('');
  const [remove, setRemove] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { Ids: rows.map((row) => row.Id), Add: splitTags(add), Remove: splitTags(remove) };
    if (input.Add.length + input.Remove.length === 0) {
      setError(t('members.tags.nothing'));
      return;
    }
    setBusy(true);
    try {
      const result = await callEndpoint(setMemberTags, input);
      showToast('success', t('members.tags.done', { count: result.Changed.length }));
      onClose();
      void invalidateAreas(client, setMemberTags);
    } catch (failure) {
      const fields = serverFieldErrors(failure);
      setError(Object.values(fields)[0] ?? null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open placement="center" onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form noValidate onSubmit={(event) => void submit(event)}>
              <Dialog.Header>
                <Dialog.Title>
                  <FormattedMessage id="members.tags.title" values={{ count: rows.length }} />
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Field.Root invalid={error !== null}>
                    <Field.Label>
                      <FormattedMessage id="members.tags.add" />
                    </Field.Label>
                    <Input autoFocus value={add} onChange={(event) => setAdd(event.target.value)} />
                    <Field.HelperText>
                      <FormattedMessage id="members.tags.help" />
                    </Field.HelperText>
                    <Field.ErrorText>{error}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>
                      <FormattedMessage id="members.tags.remove" />
                    </Field.Label>
                    <Input value={remove} onChange={(event) => setRemove(event.target.value)} />
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button size="sm" variant="outline" onClick={onClose}>
                  <FormattedMessage id="engine.cancel" />
                </Button>
                <Button size="sm" type="submit" colorPalette="brand" loading={busy}>
                  <FormattedMessage id="members.tags.save" />
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('members.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
