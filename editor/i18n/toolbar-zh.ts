/** 各编辑器共用的撤销、重做、保存工具栏（个人中心、智能表单、海报）。 */
export const toolbarZh: Record<string, string> = {
  'toolbar.undo': '撤销',
  'toolbar.redo': '重做',
  'toolbar.save': '保存',
  'toolbar.undoStep': '撤销：{step}',
  'toolbar.redoStep': '重做：{step}',
};
