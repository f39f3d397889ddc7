import { extendMessages } from '../../i18n/messages';

extendMessages({
  en: {
    'libraryLookup.textNotFound': 'There is no text snippet {id} in this shop',
    'libraryLookup.textStale':
      'Someone saved this text snippet (now version {current}) after you opened version {yours}; reload it first',
  },
  zh: {
    'libraryLookup.textNotFound': '本店没有编号为 {id} 的常用文本',
    'libraryLookup.textStale':
      '您打开的是版本 {yours}，此后已有人保存了该常用文本（现为版本 {current}），请先重新加载',
  },
});
