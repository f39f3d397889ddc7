import { extendMessages } from '../../i18n/messages';

extendMessages({
  en: {
    'feedback.notFound': 'There is no feedback {id} in this shop',
    'feedback.someNotFound': 'These feedback entries are not in this shop: {ids}',
  },
  zh: {
    'feedback.notFound': '本店没有编号为 {id} 的反馈',
    'feedback.someNotFound': '以下反馈不属于本店：{ids}',
  },
});
