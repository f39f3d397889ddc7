/** The image library screen's English text. */
export const en: Record<string, string> = {
  'images.title': 'Image library',
  'images.folder.add': 'New folder',
  'images.folder.rename': 'Rename folder',
  'images.folder.renameNamed': 'Rename folder {name}',
  'images.folder.delete': 'Delete folder',
  'images.folder.deleteNamed': 'Delete folder {name}',
  'images.folder.name': 'Folder name',
  'images.folder.deleteConfirm':
    'Delete the folder "{name}"? Its {count, plural, one {{count} image is} other {{count} images are}} kept and moved to "Not in a folder".',
  'images.image.rename': 'Rename',
  'images.image.renameNamed': 'Rename image {name}',
  'images.image.name': 'Image name',
  'images.selectAll': 'Select all on this page',
  'images.selected': '{count} selected',
  'images.moveTo': 'Move to folder',
  'images.move': 'Move',
  'images.delete': 'Delete',
  'images.deleteConfirm':
    'Delete {count, plural, one {{count} image} other {{count} images}}? This cannot be undone.',
  'images.inUseTitle': 'Images still in use',
  'images.inUse':
    '{count, plural, one {{count} image is} other {{count} images are}} still used and would show as broken there:\n{list}\nDelete anyway?',
  'images.use.template': 'template "{name}"',
  'images.use.poster': 'poster "{name}"',
  'images.use.goods': 'goods "{name}"',
  'images.deleteAnyway': 'Delete anyway',
  'images.save': 'Save',
  'images.cancel': 'Cancel',
  'images.confirmTitle': 'Notice',
  'images.done': 'Done',
};
