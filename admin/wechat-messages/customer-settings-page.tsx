import { Code, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import {
  getMessageSettings,
  MessagePermission,
  type MessageSettings,
  type ReplyContent,
  SANDBOX_ERRCODES,
  setMessageSettings,
} from '../../contract/endpoints/wechat-messages';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { FormFields, FormSection } from '../core/form-field';
import { FormHeading, RecordView } from '../core/record-view';
import { useRecord } from '../core/use-record';
import { useResourceForm } from '../core/use-resource-form';
import { messageCatalogues } from './messages';
import { ReplyFields } from './reply-fields';

interface SettingsDraft {
  AppId: string;
  AppSecret: string;
  PushToken: string;
  DefaultReplyOn: boolean;
  DefaultReply: ReplyContent;
  SandboxErrcode: string;
}

/** /smallRoutine/customerMessageSetting: the mini-program's connection, message push and default reply. */
function SettingsEditor({ settings }: { settings: MessageSettings }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { form, submit } = useResourceForm({
    defaultValues: {
      AppId: settings.AppId,
      AppSecret: '',
      PushToken: settings.PushToken,
      DefaultReplyOn: settings.DefaultReplyOn,
      DefaultReply: settings.DefaultReply,
      SandboxErrcode: String(settings.SandboxErrcode),
    },
    save: setMessageSettings,
    toInput: (draft: SettingsDraft) => ({
      ...draft,
      SandboxErrcode: Number(draft.SandboxErrcode),
      Version: settings.Version,
    }),
    savedMessage: 'messages.settings.saved',
  });
  const title = t('messages.settings.title');
  const pushUrl = `${window.location.origin}${settings.PushPath}`;
  return (
    <Stack gap="4" padding="5" maxWidth="4xl">
      <form aria-label={title} onSubmit={submit} noValidate>
        <Stack gap="4">
          <FormHeading
            title={title}
            backTo={MessagePermission.autoReplies}
            backLabel={t('messages.settings.back')}
            saving={form.formState.isSubmitting}
          />
          <Text>
            {t('messages.settings.provider', { provider: t(`messages.provider.${settings.Provider}`) })}
          </Text>
          <FormSection title={t('messages.settings.connection')}>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormFields
                form={form}
                fields={[
                  { name: 'AppId', kind: 'text', label: t('messages.settings.appId'), maxLength: 18 },
                  {
                    name: 'AppSecret',
                    kind: 'password',
                    label: t('messages.settings.appSecret'),
                    maxLength: 32,
                    help: settings.AppSecretHint
                      ? t('messages.settings.appSecretHelp', { hint: settings.AppSecretHint })
                      : t('messages.settings.appSecretNew'),
                  },
                ]}
              />
            </SimpleGrid>
          </FormSection>
          <FormSection title={t('messages.settings.push')}>
            <FormFields
              form={form}
              fields={[
                { name: 'PushToken', kind: 'text', label: t('messages.settings.pushToken'), maxLength: 32 },
              ]}
            />
            <Text fontSize="sm">
              {t('messages.settings.pushUrl')}
              <Code>{pushUrl}</Code>
            </Text>
          </FormSection>
          <FormSection title={t('messages.settings.defaultReply')}>
            <FormFields
              form={form}
              fields={[
                { name: 'DefaultReplyOn', kind: 'checkbox', label: t('messages.settings.defaultReplyOn') },
              ]}
            />
            <ReplyFields form={form} prefix="DefaultReply" />
          </FormSection>
          <FormSection title={t('messages.settings.sandbox')}>
            <FormFields
              form={form}
              fields={[
                {
                  name: 'SandboxErrcode',
                  kind: 'select',
                  label: t('messages.settings.sandboxErrcode'),
                  options: SANDBOX_ERRCODES.map((code) => ({
                    value: String(code),
                    label: t(`messages.settings.errcode.${code}`),
                  })),
                },
              ]}
            />
          </FormSection>
        </Stack>
      </form>
    </Stack>
  );
}

function CustomerSettingsPage() {
  const record = useRecord(getMessageSettings, { input: {} });
  return (
    <RecordView record={record}>
      {(settings) => <SettingsEditor key={settings.Version} settings={settings} />}
    </RecordView>
  );
}

export default withModuleMessages(CustomerSettingsPage, messageCatalogues);
