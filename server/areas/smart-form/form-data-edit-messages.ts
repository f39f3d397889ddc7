import { extendMessages } from '../../i18n/messages';

extendMessages({
  en: {
    'smartForm.dataStale':
      'Someone edited this submission (now version {current}) after you opened version {yours}; reload it and edit again',
  },
  zh: {
    'smartForm.dataStale':
      '该提交数据已被他人修改（当前版本 {current}，你打开的是版本 {yours}），请重新加载后再编辑',
  },
});
