import {
  type GradeRow,
  getMemberGradeInfo,
  MEMBER_GRADE_PERMISSION,
  setMemberGrade,
} from '../../../contract/endpoints/member-grades';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { type RecordFormDefinition, RecordFormPage } from '../../core/record-form';
import { type GradeDraft, gradeDraft, gradeInput, NEW_GRADE } from './grade-form';
import { gradeCatalogues } from './messages';

/** /marketing/memberSupervise/editMemberGrade: a grade, new (no id) or existing (?id=). */
const gradeForm: RecordFormDefinition<GradeRow, GradeDraft, typeof setMemberGrade> = {
  read: getMemberGradeInfo,
  save: setMemberGrade,
  titles: { create: 'grades.form.createTitle', edit: 'grades.form.editTitle' },
  backTo: MEMBER_GRADE_PERMISSION,
  backLabel: 'grades.form.backToList',
  savedMessage: 'grades.form.saved',
  empty: NEW_GRADE,
  draft: gradeDraft,
  toInput: gradeInput,
  renames: { Privileges: 'PrivilegesText' },
  sections: ({ t }) => [
    {
      title: 'grades.form.basics',
      parts: [
        {
          columns: 3,
          fields: [
            { name: 'Name', kind: 'text', label: t('grades.form.name'), required: true, maxLength: 20 },
            { name: 'Level', kind: 'number', label: t('grades.form.level'), required: true },
            { name: 'GrowthThreshold', kind: 'number', label: t('grades.form.threshold'), required: true },
          ],
        },
        { fields: [{ name: 'IsDefault', kind: 'checkbox', label: t('grades.form.isDefault') }] },
      ],
    },
    {
      title: 'grades.form.privilegesSection',
      parts: [
        {
          fields: [
            { name: 'DiscountPercent', kind: 'number', label: t('grades.form.discount'), required: true },
            { name: 'FreeShipping', kind: 'checkbox', label: t('grades.form.freeShipping') },
            { name: 'PrivilegesText', kind: 'textarea', label: t('grades.form.privileges') },
          ],
        },
      ],
    },
    {
      title: 'grades.form.look',
      parts: [
        {
          columns: 2,
          fields: [
            { name: 'Icon', kind: 'image', label: t('grades.form.icon') },
            { name: 'CardBackground', kind: 'image', label: t('grades.form.cardBackground') },
          ],
        },
      ],
    },
  ],
};

export default withModuleMessages(() => <RecordFormPage definition={gradeForm} />, gradeCatalogues);
