import type { SubmissionRule } from './smart-form';

/**
 * The messages of `validateSubmission`'s rules, shared by the server (submit errors) and the
 * builder's preview, so a buyer and a designer read the same words. Only `{name}` placeholders:
 * the server's translator fills nothing else, so no English plural form either (no "{max} images").
 */
export const ruleMessages: Record<'en' | 'zh', Record<`smartForm.rule.${SubmissionRule}`, string>> = {
  en: {
    'smartForm.rule.required': '{label} is required',
    'smartForm.rule.invalid': '{label} has an answer of the wrong kind',
    'smartForm.rule.minLength': '{label} is too short: the shortest answer allowed is {min} long',
    'smartForm.rule.maxLength': '{label} is too long: the longest answer allowed is {max} long',
    'smartForm.rule.min': '{label} must be at least {min}',
    'smartForm.rule.max': '{label} must be at most {max}',
    'smartForm.rule.phone': '{label} must be an 11-digit mobile number starting with 1',
    'smartForm.rule.email': '{label} must be an email address',
    'smartForm.rule.option': '{label} must be one of the listed options',
    'smartForm.rule.minChoices': 'Choose at least {min} for {label}',
    'smartForm.rule.maxChoices': 'Choose at most {max} for {label}',
    'smartForm.rule.date': '{label} must be a date',
    'smartForm.rule.dateBefore': '{label} must be on or after {date}',
    'smartForm.rule.dateAfter': '{label} must be on or before {date}',
    'smartForm.rule.time': '{label} must be a time such as 09:30',
    'smartForm.rule.region': '{label} needs a province, a city and a district',
    'smartForm.rule.maxImages': '{label} has too many images: the most allowed is {max}',
    'smartForm.rule.image': '{label} has an image that is not an uploaded picture',
    'smartForm.rule.agreement': 'Please accept {label}',
    'smartForm.rule.unknownField': 'The form has no field {label}',
  },
  zh: {
    'smartForm.rule.required': '请填写{label}',
    'smartForm.rule.invalid': '{label}的内容格式不正确',
    'smartForm.rule.minLength': '{label}至少需要 {min} 个字',
    'smartForm.rule.maxLength': '{label}最多 {max} 个字',
    'smartForm.rule.min': '{label}不能小于 {min}',
    'smartForm.rule.max': '{label}不能大于 {max}',
    'smartForm.rule.phone': '{label}必须是以 1 开头的 11 位手机号',
    'smartForm.rule.email': '{label}必须是邮箱地址',
    'smartForm.rule.option': '{label}必须是列出的选项之一',
    'smartForm.rule.minChoices': '{label}至少选择 {min} 项',
    'smartForm.rule.maxChoices': '{label}最多选择 {max} 项',
    'smartForm.rule.date': '{label}必须是日期',
    'smartForm.rule.dateBefore': '{label}不能早于 {date}',
    'smartForm.rule.dateAfter': '{label}不能晚于 {date}',
    'smartForm.rule.time': '{label}必须是时间，如 09:30',
    'smartForm.rule.region': '{label}需要选择省、市、区',
    'smartForm.rule.maxImages': '{label}最多上传 {max} 张图片',
    'smartForm.rule.image': '{label}中有图片不是已上传的图片',
    'smartForm.rule.agreement': '请阅读并同意{label}',
    'smartForm.rule.unknownField': '表单中没有字段 {label}',
  },
};
