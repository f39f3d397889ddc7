/** The undo/redo/save toolbar every editor shares (user center, smart forms, posters). */
export const toolbarEn: Record<string, string> = {
  'toolbar.undo': 'Undo',
  'toolbar.redo': 'Redo',
  'toolbar.save': 'Save',
  'toolbar.undoStep': 'Undo: {step}',
  'toolbar.redoStep': 'Redo: {step}',
};
