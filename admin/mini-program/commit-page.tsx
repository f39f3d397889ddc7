import { Alert, Button, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { commitVersion, getCodeTemplates, USER_DESC_MAX } from '../../contract/endpoints/mini-program';
import { MINI_PROGRAM_PERMISSION } from '../../contract/machines/mini-program-version';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { endpointQuery } from '../../src/lib/query-options';
import { type FieldSpec, FormFields, FormSection } from '../core/form-field';
import { PageHeading } from '../core/record-view';
import { useResourceForm } from '../core/use-resource-form';
import { miniProgramCatalogues } from './messages';
import { SandboxNotice } from './sandbox-notice';

interface CommitDraft {
  TemplateId: string;
  UserVersion: string;
  UserDesc: string;
}

/**
 * /smallRoutine/packSmallRoutine: picks one of the platform's code templates and commits it as a new
 * version of the shop's mini-program, with the shop's ext config; the version then appears on the
 * mini-program screen, where it goes to audit and release.
 */
function CommitPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const templates = useQuery(endpointQuery(getCodeTemplates, {}));
  const { form, submit } = useResourceForm({
    defaultValues: { TemplateId: '', UserVersion: '', UserDesc: '' } satisfies CommitDraft,
    save: commitVersion,
    toInput: (draft: CommitDraft) => ({
      TemplateId: draft.TemplateId === '' ? -1 : Number(draft.TemplateId),
      UserVersion: draft.UserVersion,
      UserDesc: draft.UserDesc,
    }),
    savedMessage: 'miniProgram.commit.saved',
    afterSave: () => ({ to: MINI_PROGRAM_PERMISSION }),
  });
  const fields: FieldSpec<CommitDraft>[] = [
    {
      name: 'TemplateId',
      kind: 'select',
      label: t('miniProgram.commit.template'),
      required: true,
      options: (templates.data?.Data ?? []).map((template) => ({
        value: String(template.TemplateId),
        label: intl.formatMessage(
          { id: 'miniProgram.commit.templateOption' },
          { id: template.TemplateId, version: template.UserVersion, desc: template.UserDesc },
        ),
      })),
    },
    {
      name: 'UserVersion',
      kind: 'text',
      label: t('miniProgram.commit.userVersion'),
      help: t('miniProgram.commit.userVersionHelp'),
      required: true,
      maxLength: 64,
    },
    {
      name: 'UserDesc',
      kind: 'textarea',
      label: t('miniProgram.commit.userDesc'),
      required: true,
      maxLength: USER_DESC_MAX,
    },
  ];
  const title = t('miniProgram.commit.title');
  return (
    <form aria-label={title} onSubmit={submit} noValidate>
      <Stack gap="4" padding="5">
        <PageHeading title={title}>
          <Button variant="outline" onClick={() => navigate(MINI_PROGRAM_PERMISSION)}>
            <FormattedMessage id="miniProgram.backToVersions" />
          </Button>
          <Button
            type="submit"
            colorPalette="brand"
            loading={form.formState.isSubmitting}
            loadingText={t('engine.saving')}
          >
            <FormattedMessage id="miniProgram.commit.submit" />
          </Button>
        </PageHeading>
        {templates.data?.Provider === 'sandbox' && <SandboxNotice />}
        {templates.isError && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>
              <FormattedMessage id="miniProgram.commit.templatesFailed" />
            </Alert.Title>
          </Alert.Root>
        )}
        <FormSection title={t('miniProgram.commit.section')}>
          <FormFields form={form} fields={fields} />
        </FormSection>
      </Stack>
    </form>
  );
}

export default withModuleMessages(CommitPage, miniProgramCatalogues);
