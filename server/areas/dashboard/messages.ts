import { extendMessages } from '../../i18n/messages';

extendMessages({
  en: {
    'dashboard.rangeInverted': 'The start date must not be after the end date',
    'dashboard.rangeTooLong': 'The date range can cover at most {days} days',
  },
  zh: {
    'dashboard.rangeInverted': '开始日期不能晚于结束日期',
    'dashboard.rangeTooLong': '日期范围最多 {days} 天',
  },
});
