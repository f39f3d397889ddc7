import type { IntlShape } from 'react-intl';
import { type CodeTemplate, USER_DESC_MAX } from '../../contract/endpoints/mini-program';
import type { FieldSpec } from '../core/form-field';

/** What every commit names: a code template of the platform and the version it becomes. */
export interface CodeDraft {
  TemplateId: string;
  UserVersion: string;
  UserDesc: string;
}

export const EMPTY_CODE: CodeDraft = { TemplateId: '', UserVersion: '', UserDesc: '' };

/** The commit's part of a save call's input; no template chosen is sent as -1 for the schema to refuse. */
export function codeInput(draft: CodeDraft) {
  return {
    TemplateId: draft.TemplateId === '' ? -1 : Number(draft.TemplateId),
    UserVersion: draft.UserVersion,
    UserDesc: draft.UserDesc,
  };
}

/** The template, version and description fields, for one shop's commit and a batch's alike. */
export function codeFields<Draft extends CodeDraft>(
  intl: IntlShape,
  templates: readonly CodeTemplate[],
): FieldSpec<Draft>[] {
  const t = (id: string) => intl.formatMessage({ id });
  const fields: FieldSpec<CodeDraft>[] = [
    {
      name: 'TemplateId',
      kind: 'select',
      label: t('miniProgram.commit.template'),
      required: true,
      options: templates.map((template) => ({
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
  return fields as unknown as FieldSpec<Draft>[];
}
