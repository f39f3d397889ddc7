import { Field, Input, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import {
  ARTICLE_TITLE_MAX,
  AUTHOR_MAX,
  type ColumnRow,
  getArticleInfo,
  getColumnList,
  SUMMARY_MAX,
  saveArticle,
} from '../../../contract/endpoints/news';
import { NewsPermission } from '../../../contract/machines/news';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { ImageField } from '../../../src/lib/image-library/image-field';
import { LazyRichTextEditor } from '../../../src/lib/lazy-rich-text-editor';
import { endpointQuery } from '../../../src/lib/query-options';
import { errorAt, FormFields, FormSection } from '../../core/form-field';
import { FormHeading, RecordView } from '../../core/record-view';
import { useRecord } from '../../core/use-record';
import { useResourceForm } from '../../core/use-resource-form';
import { publishFieldValue, publishInstant } from './article-form';
import { newsCatalogues } from './messages';

type ArticleDetail = z.infer<typeof getArticleInfo.output>;

interface ArticleDraft {
  ColumnId: string;
  Title: string;
  Author: string;
  Image: string;
  Summary: string;
  Body: string;
  Hot: boolean;
  Banner: boolean;
  Sort: number;
  On: boolean;
  /** The shop's wall clock, as the datetime-local field holds it. */
  PublishedAt: string;
}

function draftOf(detail: ArticleDetail | undefined): ArticleDraft {
  if (!detail)
    return {
      ColumnId: '',
      Title: '',
      Author: '',
      Image: '',
      Summary: '',
      Body: '',
      Hot: false,
      Banner: false,
      Sort: 0,
      On: true,
      PublishedAt: publishFieldValue(new Date().toISOString()),
    };
  return {
    ColumnId: detail.ColumnId === null ? '' : String(detail.ColumnId),
    Title: detail.Title,
    Author: detail.Author,
    Image: detail.Image,
    Summary: detail.Summary,
    Body: detail.Body,
    Hot: detail.Hot,
    Banner: detail.Banner,
    Sort: detail.Sort,
    On: detail.Status === 'on',
    PublishedAt: publishFieldValue(detail.PublishedAt),
  };
}

const ERROR_COLOR = 'red.700';

function ArticleEditor({ detail, columns }: { detail?: ArticleDetail; columns: ColumnRow[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { form, submit } = useResourceForm({
    defaultValues: draftOf(detail),
    save: saveArticle,
    toInput: (draft: ArticleDraft) => ({
      ...(detail ? { Id: detail.Id, Version: detail.Version } : {}),
      ColumnId: draft.ColumnId === '' ? null : Number(draft.ColumnId),
      Title: draft.Title,
      Author: draft.Author,
      Image: draft.Image,
      Summary: draft.Summary,
      Body: draft.Body,
      Hot: draft.Hot,
      Banner: draft.Banner,
      Sort: draft.Sort,
      Status: draft.On ? 'on' : 'off',
      PublishedAt: publishInstant(draft.PublishedAt),
    }),
    renames: { Status: 'On' },
    savedMessage: 'newsForm.saved',
    afterSave: () => ({ to: NewsPermission.articles }),
  });
  const title = t(detail ? 'newsForm.editTitle' : 'newsForm.createTitle');
  const bodyError = errorAt(form.formState.errors, 'Body');
  const publishError = errorAt(form.formState.errors, 'PublishedAt');
  const columnOptions = columns.map((row) => ({
    value: String(row.Id),
    label: row.Level === 2 ? `${row.ParentTitle} / ${row.Title}` : row.Title,
  }));
  return (
    <form aria-label={title} onSubmit={submit} noValidate>
      <Stack gap="4" padding="5">
        <FormHeading
          title={title}
          backTo={NewsPermission.articles}
          backLabel={t('newsForm.backToList')}
          saving={form.formState.isSubmitting}
        />

        <FormSection title={t('newsForm.section.article')}>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <FormFields
              form={form}
              fields={[
                {
                  name: 'Title',
                  kind: 'text',
                  label: t('newsForm.title'),
                  required: true,
                  maxLength: ARTICLE_TITLE_MAX,
                },
                { name: 'Author', kind: 'text', label: t('newsForm.author'), maxLength: AUTHOR_MAX },
                {
                  name: 'ColumnId',
                  kind: 'select',
                  label: t('newsForm.column'),
                  options: [{ value: '', label: t('newsForm.noColumn') }, ...columnOptions],
                },
              ]}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="Image"
            render={({ field }) => (
              <ImageField label={t('newsForm.image')} value={field.value} onChange={field.onChange} />
            )}
          />
          <FormFields
            form={form}
            fields={[
              { name: 'Summary', kind: 'textarea', label: t('newsForm.summary'), maxLength: SUMMARY_MAX },
            ]}
          />
        </FormSection>

        <FormSection title={t('newsForm.section.body')}>
          <Controller
            control={form.control}
            name="Body"
            render={({ field }) => (
              <Field.Root invalid={Boolean(bodyError)}>
                <LazyRichTextEditor
                  label={t('newsForm.body')}
                  value={field.value}
                  onChange={field.onChange}
                  invalid={Boolean(bodyError)}
                />
                <Field.ErrorText color={ERROR_COLOR}>{bodyError}</Field.ErrorText>
              </Field.Root>
            )}
          />
        </FormSection>

        <FormSection title={t('newsForm.section.publish')}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {/* The engine's fields have no date-time kind; the publish time is this one input. */}
            <Field.Root invalid={Boolean(publishError)} required>
              <Field.Label>
                {t('newsForm.publishedAt')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input type="datetime-local" {...form.register('PublishedAt')} />
              {!publishError && <Field.HelperText>{t('newsForm.publishedAtHelp')}</Field.HelperText>}
              <Field.ErrorText color={ERROR_COLOR}>{publishError}</Field.ErrorText>
            </Field.Root>
            <FormFields form={form} fields={[{ name: 'Sort', kind: 'number', label: t('newsForm.sort') }]} />
          </SimpleGrid>
          <FormFields
            form={form}
            fields={[
              { name: 'On', kind: 'checkbox', label: t('newsForm.status') },
              { name: 'Hot', kind: 'checkbox', label: t('newsForm.hot') },
              { name: 'Banner', kind: 'checkbox', label: t('newsForm.banner') },
            ]}
          />
        </FormSection>
      </Stack>
    </form>
  );
}

/** /shop/imageTextEdit: an article, new (no id) or existing (?id=). */
function ArticleEditPage() {
  const record = useRecord(getArticleInfo, { allowNew: true });
  // The column select is filled before the form, so the saved column is selected from the start.
  const columns = useQuery(endpointQuery(getColumnList, { page: 1, pageSize: 100 }));
  if (!columns.data) return <Skeleton height="64" margin="5" />;
  const rows = columns.data.Data;
  return (
    <RecordView record={record} renderNew={() => <ArticleEditor key="new" columns={rows} />}>
      {(detail) => <ArticleEditor key={`${detail.Id}-${detail.Version}`} detail={detail} columns={rows} />}
    </RecordView>
  );
}

export default withModuleMessages(ArticleEditPage, newsCatalogues);
