/** English texts of the studio's local drafts, preview shop type, preview route and QR. */
export const previewEn: Record<string, string> = {
  'draft.title': 'Restore your unsaved changes?',
  'draft.message':
    'This browser kept changes to this template from {time} that were never saved (the page was closed, crashed or the save failed).',
  'draft.serverChanged':
    'The template has been saved again since (version {version}); restoring and saving will ask before overwriting that version.',
  'draft.restore': 'Restore draft',
  'draft.discard': 'Discard draft',
  'draft.restored': 'Your unsaved changes are back; save to keep them',
  'draft.unreadable': 'The draft could not be read and was discarded',
  'draft.kept': 'Draft kept in this browser',

  'studio.previewAs': 'Preview as',
  'studio.previewAsHint': 'Shop type to check blocks and links against; the template keeps its own',
  'studio.canvas.linkNotAllowed':
    '{block}: {count, plural, one {a link is} other {# links are}} not available for this shop type',
  'studio.preview': 'Preview',
  'studio.preview.title': 'Preview on a phone',
  'studio.preview.qrAlt': 'QR code of the preview address of this page',
  'studio.preview.scan': 'Scan with a phone to open this page as last saved',
  'studio.preview.open': 'Open the preview',
  'studio.preview.unsaved': 'The preview shows the saved version; save to include your latest changes',
  'studio.preview.notCurrent':
    'This is not the shop’s current template: only a signed-in designer can open its preview',
  'studio.preview.failed': 'The QR code could not be made',

  'preview.title': 'Page preview',
  'preview.width': 'Phone width',
  'preview.widthOption': '{width} px',
  'preview.phone': 'Phone screen, {width} px wide',
  'preview.failed': 'This preview cannot be shown',
  'preview.empty': 'This page has no blocks yet',
  'preview.savedAt': 'Saved version {version}, {time}',
};
