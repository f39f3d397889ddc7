import {
  type FieldType,
  type FormField,
  newField,
  normalizeSubmission,
  validateSubmission,
} from '../../../contract/smart-form';
import type { AreaSeed } from '../../db/seed';
import { searchText } from './routes';
import { smartFormSubmissions, smartForms } from './tables';

const DAY = 24 * 60 * 60 * 1000;

function field(type: FieldType, id: string, label: string, settings: Partial<FormField> = {}): FormField {
  return { ...newField(type, id, label), ...settings };
}

const signUp: FormField[] = [
  field('section', 'intro', '活动报名'),
  field('text', 'name', '姓名', { required: true, placeholder: '请输入姓名', min: 2, max: 20 }),
  field('phone', 'mobile', '手机号', { required: true, placeholder: '请输入手机号' }),
  field('radio', 'session', '场次', { required: true, options: ['上午场', '下午场', '晚场'] }),
  field('number', 'people', '人数', { min: 1, max: 10 }),
  field('region', 'area', '所在地区'),
  field('agreement', 'terms', '活动须知', { required: true, agreement: '报名即表示同意活动主办方联系您。' }),
];

const survey: FormField[] = [
  field('select', 'source', '从哪里得知我们', {
    required: true,
    options: ['朋友推荐', '小程序', '公众号', '门店'],
  }),
  field('checkbox', 'likes', '喜欢的商品', { options: ['服饰', '数码', '家居', '食品'], max: 3 }),
  field('date', 'visit', '到店日期', { minDate: '2024-01-01' }),
  field('time', 'slot', '到店时间'),
  field('email', 'email', '邮箱'),
  field('textarea', 'advice', '意见与建议', { max: 500, placeholder: '说说你的想法' }),
];

const names = ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨帆', '赵磊', '黄敏'];
const regions = [
  ['广东省', '深圳市', '南山区'],
  ['浙江省', '杭州市', '西湖区'],
  ['北京市', '北京市', '朝阳区'],
];

function signUpAnswers(index: number): Record<string, unknown> {
  return {
    name: names[index % names.length],
    mobile: `1380013${String(8000 + index).padStart(4, '0')}`,
    session: ['上午场', '下午场', '晚场'][index % 3],
    people: (index % 4) + 1,
    area: regions[index % regions.length],
    terms: true,
  };
}

function surveyAnswers(index: number): Record<string, unknown> {
  return {
    source: ['朋友推荐', '小程序', '公众号', '门店'][index % 4],
    likes: [['服饰'], ['数码', '家居'], ['食品']][index % 3],
    visit: `2026-0${(index % 9) + 1}-1${index % 9}`,
    slot: `1${index % 9}:30`,
    email: `buyer${index}@example.com`,
    advice: index % 2 === 0 ? '希望多一些优惠活动' : '',
  };
}

/** Two forms per demo shop, with about fifteen submissions spread over the last weeks. */
export const smartFormSeed: AreaSeed = async (db, demo) => {
  const now = Date.now();
  for (const siteId of [demo.mallSiteId, demo.secondSiteId, demo.expiredSiteId]) {
    const created = await db
      .insert(smartForms)
      .values([
        { siteId, name: '活动报名表', definition: { fields: signUp }, createdBy: demo.adminAccountId },
        { siteId, name: '顾客满意度调查', definition: { fields: survey }, createdBy: demo.adminAccountId },
      ])
      .returning();
    const rows = created.flatMap((form, formIndex) =>
      Array.from({ length: formIndex === 0 ? 9 : 6 }, (_, index) => {
        const answers = formIndex === 0 ? signUpAnswers(index) : surveyAnswers(index);
        const errors = validateSubmission(form.definition, answers);
        if (errors.length > 0) throw new Error(`demo form answers: ${JSON.stringify(errors)}`);
        const values = normalizeSubmission(form.definition, answers);
        return {
          siteId,
          formId: form.id,
          values,
          searchText: searchText(form.definition, values, 'zh'),
          createdAt: new Date(now - (index * 2 + formIndex) * DAY - index * 3_600_000),
        };
      }),
    );
    await db.insert(smartFormSubmissions).values(rows);
  }
};
