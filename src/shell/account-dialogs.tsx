import {
  Badge,
  Button,
  CloseButton,
  Dialog,
  Field,
  Input,
  Portal,
  RadioGroup,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { getChangeSiteList, getSiteName, setSiteName, updatePassword } from '../../contract/endpoints/comm';
import { queryClient } from '../app/query-client';
import { showToast } from '../app/toaster';
import { parseTime } from '../lib/format';
import { callEndpoint } from '../lib/http';
import { endpointQuery, invalidateAreas } from '../lib/query-options';
import { useControlSize } from '../stores/app-store';
import { confirmDialog } from '../stores/dialog-store';
import { useSessionStore } from '../stores/session-store';
import { useTagsStore } from '../stores/tags-store';
import {
  type PasswordField,
  type PasswordValues,
  validatePasswordField,
  validatePasswordForm,
} from './password-rules';

export type AccountDialog = 'siteName' | 'password' | 'switchSystem';

function Shell({
  title,
  children,
  footer,
  onClose,
  onSubmit,
  testId,
  size = 'md',
}: {
  title: string;
  children: ReactNode;
  footer: ReactNode;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  testId: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  const intl = useIntl();
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} size={size} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild data-testid={testId}>
            <form onSubmit={onSubmit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{children}</Dialog.Body>
              <Dialog.Footer>{footer}</Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'app.close' })} />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function Footer({ onClose, busy }: { onClose: () => void; busy: boolean }) {
  const size = useControlSize();
  return (
    <>
      <Button variant="outline" size={size} onClick={onClose}>
        <FormattedMessage id="app.cancel" />
      </Button>
      <Button type="submit" size={size} loading={busy}>
        <FormattedMessage id="app.confirm" />
      </Button>
    </>
  );
}

function prompt(intl: ReturnType<typeof useIntl>, key: string) {
  return confirmDialog({
    title: intl.formatMessage({ id: 'app.prompt' }),
    message: intl.formatMessage({ id: key }),
    confirmText: intl.formatMessage({ id: 'app.confirm' }),
    cancelText: intl.formatMessage({ id: 'app.cancel' }),
  });
}

function SiteNameDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const size = useControlSize();
  const query = useQuery(endpointQuery(getSiteName, {}));
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const value = name ?? query.data?.Text ?? '';
  const check = (text: string) => {
    const message = text.trim() ? undefined : intl.formatMessage({ id: 'siteName.required' });
    setError(message);
    return !message;
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check(value) || !query.data) return;
    if (!(await prompt(intl, 'siteName.confirm'))) return;
    setBusy(true);
    try {
      await callEndpoint(setSiteName, { Id: query.data.Id, Text: value.trim() });
      showToast('success', intl.formatMessage({ id: 'siteName.saved' }), 2000);
      void invalidateAreas(queryClient, setSiteName);
      onClose();
    } catch {
      // SPEC §8: the HTTP layer has shown the failure; nothing more to do.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Shell
      title={intl.formatMessage({ id: 'siteName.title' })}
      onClose={onClose}
      onSubmit={submit}
      testId="site-name-dialog"
      footer={<Footer onClose={onClose} busy={busy} />}
    >
      {query.isLoading ? (
        <Skeleton height="10" />
      ) : (
        <Field.Root invalid={Boolean(error)} required>
          <Field.Label>
            <FormattedMessage id="siteName.label" />
          </Field.Label>
          <Input
            size={size}
            value={value}
            maxLength={64}
            onChange={(event) => {
              setName(event.target.value);
              if (error) check(event.target.value);
            }}
            onBlur={() => check(value)}
            autoFocus
          />
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
      )}
    </Shell>
  );
}

function PasswordDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const size = useControlSize();
  const [values, setValues] = useState<PasswordValues>({
    oldPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const [busy, setBusy] = useState(false);
  const message = (key: string | null) => (key ? intl.formatMessage({ id: key }) : undefined);
  const check = (field: PasswordField, next = values) =>
    setErrors((current) => ({ ...current, [field]: message(validatePasswordField(field, next)) }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validatePasswordForm(values);
    setErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, message(key)])));
    if (Object.keys(found).length > 0) return;
    if (!(await prompt(intl, 'password.confirm'))) return;
    setBusy(true);
    try {
      await callEndpoint(updatePassword, {
        OldPwd: values.oldPassword,
        NewPwd: values.newPassword,
        ConfirmPwd: values.confirmPassword,
      });
      showToast('success', intl.formatMessage({ id: 'password.saved' }), 2000);
      onClose();
    } catch {
      // SPEC §8: failures are shown by the HTTP layer and otherwise swallowed.
    } finally {
      setBusy(false);
    }
  };
  const fields: [PasswordField, string, string][] = [
    ['oldPassword', 'password.old', 'current-password'],
    ['newPassword', 'password.new', 'new-password'],
    ['confirmPassword', 'password.confirmNew', 'new-password'],
  ];
  return (
    <Shell
      title={intl.formatMessage({ id: 'password.title' })}
      onClose={onClose}
      onSubmit={submit}
      testId="password-dialog"
      footer={<Footer onClose={onClose} busy={busy} />}
    >
      <Stack gap="4">
        {fields.map(([field, label, autoComplete], index) => (
          <Field.Root key={field} invalid={Boolean(errors[field])} required>
            <Field.Label>
              <FormattedMessage id={label} />
            </Field.Label>
            <Input
              size={size}
              type="password"
              name={field}
              autoComplete={autoComplete}
              autoFocus={index === 0}
              value={values[field]}
              onChange={(event) => {
                const next = { ...values, [field]: event.target.value };
                setValues(next);
                if (errors[field]) check(field, next);
              }}
              onBlur={() => check(field)}
            />
            <Field.ErrorText data-testid={`error-${field}`}>{errors[field]}</Field.ErrorText>
          </Field.Root>
        ))}
      </Stack>
    </Shell>
  );
}

function SwitchSystemDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const currentSite = useSessionStore((state) => state.siteId);
  const query = useQuery(endpointQuery(getChangeSiteList, {}));
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sites = query.data?.Data ?? [];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      showToast('error', intl.formatMessage({ id: 'switchSystem.noChoice' }), 3000);
      return;
    }
    if (!(await prompt(intl, 'switchSystem.confirm'))) return;
    setBusy(true);
    try {
      await useSessionStore.getState().switchSite(Number(chosen));
      queryClient.clear();
      const remaining = useTagsStore.getState().delAllViews();
      onClose();
      navigate(remaining.at(-1)?.fullPath ?? '/', { replace: true });
    } catch {
      setBusy(false);
    }
  };
  return (
    <Shell
      title={intl.formatMessage({ id: 'switchSystem.title' })}
      onClose={onClose}
      onSubmit={submit}
      testId="switch-system-dialog"
      size="lg"
      footer={<Footer onClose={onClose} busy={busy} />}
    >
      {query.isLoading ? (
        <Stack gap="2">
          <Skeleton height="8" />
          <Skeleton height="8" />
        </Stack>
      ) : sites.length === 0 ? (
        <Text color="fg.muted">
          <FormattedMessage id="switchSystem.empty" />
        </Text>
      ) : (
        <RadioGroup.Root
          value={chosen}
          onValueChange={(details) => setChosen(details.value)}
          aria-label={intl.formatMessage({ id: 'switchSystem.site' })}
        >
          <Table.Root size="sm" variant="outline" interactive>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader width="10" />
                <Table.ColumnHeader>
                  <FormattedMessage id="switchSystem.site" />
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <FormattedMessage id="switchSystem.siteType" />
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <FormattedMessage id="switchSystem.createdAt" />
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {sites.map((site) => (
                <Table.Row
                  key={site.Id}
                  cursor="pointer"
                  onClick={() => setChosen(String(site.Id))}
                  data-testid={`site-row-${site.Id}`}
                >
                  <Table.Cell>
                    <RadioGroup.Item value={String(site.Id)}>
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText srOnly>{site.Text}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  </Table.Cell>
                  <Table.Cell>
                    {site.Text}{' '}
                    {String(site.Id) === currentSite && (
                      <Badge size="sm" colorPalette="green" marginStart="1">
                        <FormattedMessage id="switchSystem.current" />
                      </Badge>
                    )}
                  </Table.Cell>
                  <Table.Cell>{site.Description}</Table.Cell>
                  <Table.Cell>{parseTime(site.Url, '{y}-{m}-{d}') || site.Url}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </RadioGroup.Root>
      )}
    </Shell>
  );
}

export default function AccountDialogs({ which, onClose }: { which: AccountDialog; onClose: () => void }) {
  if (which === 'siteName') return <SiteNameDialog onClose={onClose} />;
  if (which === 'password') return <PasswordDialog onClose={onClose} />;
  return <SwitchSystemDialog onClose={onClose} />;
}
