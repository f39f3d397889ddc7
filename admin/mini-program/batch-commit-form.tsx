import { Button, Checkbox, CheckboxGroup, Fieldset, Stack } from '@chakra-ui/react';
import { Controller } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CodeTemplate } from '../../contract/endpoints/mini-program';
import { type BatchSite, commitBatch } from '../../contract/endpoints/mini-program-batch';
import { MINI_PROGRAM_COMMIT_PERMISSION } from '../../contract/machines/mini-program-version';
import { errorAt, FormFields, FormSection } from '../core/form-field';
import { useResourceForm } from '../core/use-resource-form';
import { type CodeDraft, codeFields, codeInput, EMPTY_CODE } from './code-fields';

interface BatchDraft extends CodeDraft {
  SiteIds: string[];
}

/**
 * Commits one code template to several shops: the shops the account may switch to, each listed with
 * its authorised mini-program (a shop not authorised is listed too; its item fails with the reason).
 * Saved, the page opens the batch's progress.
 */
export function BatchCommitForm({
  sites,
  templates,
}: {
  sites: readonly BatchSite[];
  templates: readonly CodeTemplate[];
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { form, submit } = useResourceForm({
    defaultValues: {
      ...EMPTY_CODE,
      SiteIds: sites.filter((site) => site.Current).map((site) => String(site.SiteId)),
    } satisfies BatchDraft,
    save: commitBatch,
    toInput: (draft: BatchDraft) => ({ SiteIds: draft.SiteIds.map(Number), ...codeInput(draft) }),
    savedMessage: 'miniProgram.batch.saved',
    afterSave: (saved) => ({ to: `${MINI_PROGRAM_COMMIT_PERMISSION}?batch=${saved.Id}`, replace: true }),
  });
  const sitesError = errorAt(form.formState.errors, 'SiteIds');
  const title = t('miniProgram.batch.section');
  return (
    <form aria-label={title} onSubmit={submit} noValidate>
      <FormSection title={title}>
        <Controller
          control={form.control}
          name="SiteIds"
          render={({ field }) => (
            <Fieldset.Root invalid={Boolean(sitesError)}>
              <Fieldset.Legend>
                <FormattedMessage id="miniProgram.batch.sites" />
              </Fieldset.Legend>
              <CheckboxGroup value={field.value} onValueChange={field.onChange} name={field.name}>
                <Stack gap="2">
                  {sites.map((site) => (
                    <Checkbox.Root key={site.SiteId} value={String(site.SiteId)}>
                      <Checkbox.HiddenInput onBlur={field.onBlur} />
                      <Checkbox.Control />
                      <Checkbox.Label>
                        {intl.formatMessage(
                          {
                            id: site.AppId
                              ? 'miniProgram.batch.siteOption'
                              : 'miniProgram.batch.siteUnauthorized',
                          },
                          { name: site.Name, appId: site.AppId },
                        )}
                      </Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </Stack>
              </CheckboxGroup>
              <Fieldset.ErrorText color="red.700">{sitesError}</Fieldset.ErrorText>
            </Fieldset.Root>
          )}
        />
        <FormFields form={form} fields={codeFields<BatchDraft>(intl, templates)} />
        <Button
          type="submit"
          colorPalette="brand"
          alignSelf="flex-start"
          loading={form.formState.isSubmitting}
          loadingText={t('engine.saving')}
        >
          <FormattedMessage id="miniProgram.batch.submit" />
        </Button>
      </FormSection>
    </form>
  );
}
