import { Alert, Button, Stack, Tabs } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { type CodeTemplate, commitVersion, getCodeTemplates } from '../../contract/endpoints/mini-program';
import { getBatchSites } from '../../contract/endpoints/mini-program-batch';
import { MINI_PROGRAM_PERMISSION } from '../../contract/machines/mini-program-version';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { endpointQuery } from '../../src/lib/query-options';
import { FormFields, FormSection } from '../core/form-field';
import { PageHeading } from '../core/record-view';
import { useResourceForm } from '../core/use-resource-form';
import { BatchCommitForm } from './batch-commit-form';
import { BatchList, BatchProgress } from './batch-progress';
import { type CodeDraft, codeFields, codeInput, EMPTY_CODE } from './code-fields';
import { miniProgramCatalogues } from './messages';
import { SandboxNotice } from './sandbox-notice';

/** This shop's commit: the version appears on the mini-program screen, where it goes on to audit. */
function ShopCommitForm({ templates }: { templates: readonly CodeTemplate[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { form, submit } = useResourceForm({
    defaultValues: EMPTY_CODE,
    save: commitVersion,
    toInput: codeInput,
    savedMessage: 'miniProgram.commit.saved',
    afterSave: () => ({ to: MINI_PROGRAM_PERMISSION }),
  });
  return (
    <form aria-label={t('miniProgram.commit.section')} onSubmit={submit} noValidate>
      <FormSection title={t('miniProgram.commit.section')}>
        <FormFields form={form} fields={codeFields<CodeDraft>(intl, templates)} />
        <Button
          type="submit"
          colorPalette="brand"
          alignSelf="flex-start"
          loading={form.formState.isSubmitting}
          loadingText={t('engine.saving')}
        >
          <FormattedMessage id="miniProgram.commit.submit" />
        </Button>
      </FormSection>
    </form>
  );
}

/**
 * /smallRoutine/packSmallRoutine: picks one of the platform's code templates and commits it as a new
 * version of the shop's mini-program, with the shop's ext config. An account that manages several
 * shops (the sites it may switch to) also commits to several at once and follows each batch's
 * progress here (?batch= opens one). One form is mounted at a time, so one unsaved-changes guard.
 */
function CommitPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const templates = useQuery(endpointQuery(getCodeTemplates, {}));
  const sites = useQuery(endpointQuery(getBatchSites, {}));
  const templateList = templates.data?.Data ?? [];
  const batchId = Number(params.get('batch'));
  const several = (sites.data?.Data.length ?? 0) > 1;
  const tab = params.has('batch') || params.get('tab') === 'batch' ? 'batch' : 'shop';
  const selectTab = (value: string) => {
    const next = new URLSearchParams();
    if (value === 'batch') next.set('tab', 'batch');
    setParams(next, { replace: true });
  };
  return (
    <Stack gap="4" padding="5">
      <PageHeading title={intl.formatMessage({ id: 'miniProgram.commit.title' })}>
        <Button variant="outline" onClick={() => navigate(MINI_PROGRAM_PERMISSION)}>
          <FormattedMessage id="miniProgram.backToVersions" />
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
      {several ? (
        <Tabs.Root value={tab} onValueChange={(event) => selectTab(event.value)} lazyMount unmountOnExit>
          <Tabs.List>
            <Tabs.Trigger value="shop">
              <FormattedMessage id="miniProgram.commit.tab.shop" />
            </Tabs.Trigger>
            <Tabs.Trigger value="batch">
              <FormattedMessage id="miniProgram.commit.tab.batch" />
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="shop">
            <ShopCommitForm templates={templateList} />
          </Tabs.Content>
          <Tabs.Content value="batch">
            <Stack gap="4">
              {Number.isInteger(batchId) && batchId > 0 && <BatchProgress key={batchId} id={batchId} />}
              <BatchCommitForm sites={sites.data!.Data} templates={templateList} />
              <BatchList />
            </Stack>
          </Tabs.Content>
        </Tabs.Root>
      ) : (
        <ShopCommitForm templates={templateList} />
      )}
    </Stack>
  );
}

export default withModuleMessages(CommitPage, miniProgramCatalogues);
