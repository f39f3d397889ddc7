import { SimpleGrid, Stack } from '@chakra-ui/react';
import { Controller } from 'react-hook-form';
import { useIntl } from 'react-intl';
import {
  type GradeRow,
  getMemberGradeInfo,
  MEMBER_GRADE_PERMISSION,
  setMemberGrade,
} from '../../../contract/endpoints/member-grades';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { ImageField } from '../../../src/lib/image-library/image-field';
import { type FieldSpec, FormFields, FormSection } from '../../core/form-field';
import { FormHeading, RecordView } from '../../core/record-view';
import { useRecord } from '../../core/use-record';
import { useResourceForm } from '../../core/use-resource-form';
import { type GradeDraft, gradeDraft, gradeInput, NEW_GRADE } from './grade-form';
import { gradeCatalogues } from './messages';

type Spec = FieldSpec<GradeDraft>;

function GradeEditor({ row }: { row?: GradeRow }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const record = row ? { Id: row.Id, Version: row.Version } : undefined;
  const { form, submit } = useResourceForm({
    defaultValues: row ? gradeDraft(row) : NEW_GRADE,
    save: setMemberGrade,
    toInput: (draft: GradeDraft) => gradeInput(draft, record),
    renames: { Privileges: 'PrivilegesText' },
    savedMessage: 'grades.form.saved',
    afterSave: () => ({ to: MEMBER_GRADE_PERMISSION }),
  });
  const basics: Spec[] = [
    { name: 'Name', kind: 'text', label: t('grades.form.name'), required: true, maxLength: 20 },
    { name: 'Level', kind: 'number', label: t('grades.form.level'), required: true },
    { name: 'GrowthThreshold', kind: 'number', label: t('grades.form.threshold'), required: true },
  ];
  const privileges: Spec[] = [
    { name: 'DiscountPercent', kind: 'number', label: t('grades.form.discount'), required: true },
    { name: 'FreeShipping', kind: 'checkbox', label: t('grades.form.freeShipping') },
    { name: 'PrivilegesText', kind: 'textarea', label: t('grades.form.privileges') },
  ];
  const title = t(row ? 'grades.form.editTitle' : 'grades.form.createTitle');
  return (
    <form aria-label={title} onSubmit={submit} noValidate>
      <Stack gap="4" padding="5">
        <FormHeading
          title={title}
          backTo={MEMBER_GRADE_PERMISSION}
          backLabel={t('grades.form.backToList')}
          saving={form.formState.isSubmitting}
        />
        <FormSection title={t('grades.form.basics')}>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <FormFields form={form} fields={basics} />
          </SimpleGrid>
          <FormFields
            form={form}
            fields={[{ name: 'IsDefault', kind: 'checkbox', label: t('grades.form.isDefault') }]}
          />
        </FormSection>
        <FormSection title={t('grades.form.privilegesSection')}>
          <FormFields form={form} fields={privileges} />
        </FormSection>
        <FormSection title={t('grades.form.look')}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {(['Icon', 'CardBackground'] as const).map((name) => (
              <Controller
                key={name}
                control={form.control}
                name={name}
                render={({ field }) => (
                  <ImageField
                    label={t(name === 'Icon' ? 'grades.form.icon' : 'grades.form.cardBackground')}
                    value={field.value}
                    onChange={(url) => form.setValue(name, url, { shouldDirty: true })}
                  />
                )}
              />
            ))}
          </SimpleGrid>
        </FormSection>
      </Stack>
    </form>
  );
}

/** /marketing/memberSupervise/editMemberGrade: a grade, new (no id) or existing (?id=). */
function GradeFormPage() {
  const record = useRecord(getMemberGradeInfo, { allowNew: true });
  return (
    <RecordView record={record} renderNew={() => <GradeEditor key="new" />}>
      {(row) => <GradeEditor key={`${row.Id}-${row.Version}`} row={row} />}
    </RecordView>
  );
}

export default withModuleMessages(GradeFormPage, gradeCatalogues);
