import { extendMessages } from '../../i18n/messages';

const en = {
  'systemLog.export.fileName': 'System log',
  'systemLog.export.sheet': 'System log',
  'systemLog.column.at': 'Time',
  'systemLog.column.operator': 'Operator',
  'systemLog.column.action': 'Action',
  'systemLog.column.target': 'Target',
  'systemLog.column.before': 'Before',
  'systemLog.column.after': 'After',
  'systemLog.column.outcome': 'Outcome',
  'systemLog.column.error': 'Refused because',
  'systemLog.column.ip': 'IP',
  'systemLog.outcome.success': 'Done',
  'systemLog.outcome.refused': 'Refused',
} as const;

const zh: Record<keyof typeof en, string> = {
  'systemLog.export.fileName': '系统日志',
  'systemLog.export.sheet': '系统日志',
  'systemLog.column.at': '时间',
  'systemLog.column.operator': '操作人',
  'systemLog.column.action': '操作',
  'systemLog.column.target': '对象',
  'systemLog.column.before': '修改前',
  'systemLog.column.after': '修改后',
  'systemLog.column.outcome': '结果',
  'systemLog.column.error': '拒绝原因',
  'systemLog.column.ip': 'IP',
  'systemLog.outcome.success': '成功',
  'systemLog.outcome.refused': '被拒绝',
};

extendMessages({ en, zh });
