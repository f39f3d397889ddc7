import type { en } from './en';

/** 智能表单提交数据列表的中文。 */
export const zh: Record<keyof typeof en, string> = {
  'smartFormData.filter.form': '表单',
  'smartFormData.filter.created': '提交时间',
  'smartFormData.filter.keyword': '内容关键词',
  'smartFormData.column.form': '表单',
  'smartFormData.column.summary': '提交内容',
  'smartFormData.column.createdAt': '提交时间',
  'smartFormData.view': '详情',
  'smartFormData.delete': '删除',
  'smartFormData.actionNamed': '{action}：提交 {id}',
  'smartFormData.confirmDelete': '确定删除 {count} 条提交数据吗？此操作不可撤销。',
  'smartFormData.details': '提交数据 {id}',
  'smartFormData.submittedAt': '{time} 提交到“{form}”',
  'smartFormData.noAnswer': '—',
  'smartFormData.image': '{label}，图片 {number}',
  'smartFormData.export': '导出 Excel',
  'smartFormData.exportHint': '请先选择要导出的表单',
  'smartFormData.notice': '通知设置',
};
