import { ruleMessages } from '../../../contract/smart-form-rule-messages';
import { extendMessages } from '../../i18n/messages';

extendMessages({ en: ruleMessages.en, zh: ruleMessages.zh });

extendMessages({
  en: {
    'smartForm.notFound': 'There is no form {id} in this shop',
    'smartForm.tooMany': 'A shop can keep at most {max} forms; delete one first',
    'smartForm.hasSubmissions':
      'Form "{name}" still has {count} submission(s); export them if needed and delete them first',
    'smartForm.stale':
      'Someone saved this form (now version {current}) after you opened version {yours}; reload it, or save again to overwrite their changes',
    'smartForm.submissionNotFound': 'There is no submission {id} in this shop',
    'smartForm.disabled': 'This form is not taking submissions',
    'smartForm.invalid': '{detail}',
    'smartForm.moreProblems': '{detail} (and {count} more)',
    'smartForm.rateLimited': 'Too many submissions from this address; try again in {seconds} s',
    'smartForm.export.submittedAt': 'Submitted at',
    'smartForm.export.sheet': 'Submissions',
    'smartForm.yes': 'Yes',
    'smartForm.copyOf': '{name} (copy)',
  },
  zh: {
    'smartForm.notFound': '本店没有编号为 {id} 的表单',
    'smartForm.tooMany': '每个店铺最多 {max} 个表单，请先删除一个',
    'smartForm.hasSubmissions': '表单“{name}”还有 {count} 条提交数据，请先导出需要的数据并删除后再删除表单',
    'smartForm.stale':
      '此表单已被他人保存（当前版本 {current}，你打开的是版本 {yours}）；请重新加载，或再次保存以覆盖',
    'smartForm.submissionNotFound': '本店没有编号为 {id} 的提交数据',
    'smartForm.disabled': '此表单已停用，暂不接受提交',
    'smartForm.invalid': '{detail}',
    'smartForm.moreProblems': '{detail}（另有 {count} 处）',
    'smartForm.rateLimited': '提交过于频繁，请 {seconds} 秒后再试',
    'smartForm.export.submittedAt': '提交时间',
    'smartForm.export.sheet': '提交数据',
    'smartForm.yes': '是',
    'smartForm.copyOf': '{name}（副本）',
  },
});
