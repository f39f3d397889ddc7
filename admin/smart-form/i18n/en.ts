/** The smart form submissions list's English text. */
export const en: Record<string, string> = {
  'smartFormData.filter.form': 'Form',
  'smartFormData.filter.created': 'Submitted',
  'smartFormData.filter.keyword': 'Keyword in answers',
  'smartFormData.column.form': 'Form',
  'smartFormData.column.summary': 'Answers',
  'smartFormData.column.createdAt': 'Submitted',
  'smartFormData.view': 'Details',
  'smartFormData.delete': 'Delete',
  'smartFormData.actionNamed': '{action}: submission {id}',
  'smartFormData.confirmDelete':
    'Delete {count, plural, one {{count} submission} other {{count} submissions}}? This cannot be undone.',
  'smartFormData.details': 'Submission {id}',
  'smartFormData.submittedAt': 'Submitted {time} to {form}',
  'smartFormData.noAnswer': '—',
  'smartFormData.image': '{label}, image {number}',
  'smartFormData.export': 'Export to Excel',
  'smartFormData.exportHint': 'Choose a form to export its submissions',
  'smartFormData.notice': 'Notifications',
};
