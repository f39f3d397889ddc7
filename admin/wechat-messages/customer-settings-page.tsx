import { Stack, Text } from '@chakra-ui/react';
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
import { MiniProgramReachNotice } from '../core/authorise-first-notice';
import { FormFields, FormSection } from '../core/form-field';
import { FormHeading, RecordView } from '../core/record-view';
import { useRecord } from '../core/use-record';
import { useResourceForm } from '../core/use-resource-form';
import { messageCatalogues } from './messages';
import { ReplyFields } from './reply-fields';

interface SettingsDraft {
  DefaultReplyOn: boolean;
  DefaultReply: ReplyContent;
  SandboxErrcode: string;
}

/** /smallRoutine/customerMessageSetting: which mini-program answers, the default reply and the sandbox. */
function SettingsEditor({ settings }: { settings: MessageSettings }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { form, submit } = useResourceForm({
    defaultValues: {
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
  return (
    <Stack gap="4" padding="5" maxWidth="4xl">
      <MiniProgramReachNotice />
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
            <Text>
              {settings.Provider === 'sandbox'
                ? t('messages.settings.sandboxConnection')
                : settings.AppId
                  ? t('messages.settings.authorised', { appId: settings.AppId })
                  : t('messages.settings.unauthorised')}
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
