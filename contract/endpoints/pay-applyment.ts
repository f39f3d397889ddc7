import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { type ListResource, sortParam } from '../list-query';
import {
  PAY_APPLYMENT_LIST_PERMISSION,
  PAY_APPLYMENT_PERMISSION,
  PAY_APPLYMENT_STATES,
} from '../machines/pay-applyment';
import { id, queryId, version } from '../scalars';
import { WECHAT_PROVIDERS } from './mini-program';

/**
 * WeChat Pay special-merchant applyments (SPEC §2 payApplymentList, payApplyment; WeChat Pay API v3
 * applyment4sub). Identity, account and contact numbers go in and come back masked: they are kept
 * sealed and sent encrypted with WeChat Pay's platform certificate.
 */
const BASE = '/SmallRoutine';

/** 个体工商户 (SUBJECT_TYPE_INDIVIDUAL) and 企业 (SUBJECT_TYPE_ENTERPRISE), the kinds a shop is. */
export const SUBJECT_TYPES = ['SUBJECT_TYPE_INDIVIDUAL', 'SUBJECT_TYPE_ENTERPRISE'] as const;
/** 对公 (BANK_ACCOUNT_TYPE_CORPORATE) or 对私 (BANK_ACCOUNT_TYPE_PERSONAL). */
export const BANK_ACCOUNT_TYPES = ['BANK_ACCOUNT_TYPE_CORPORATE', 'BANK_ACCOUNT_TYPE_PERSONAL'] as const;

/**
 * 经营场景 (sales_scenes_type): the mini-program alone, or the mini-program and a physical store
 * (线下场所), which needs the store's name, address and two photos.
 */
export const SALES_SCENES = ['miniProgram', 'miniProgramAndStore'] as const;
export type SalesScenes = (typeof SALES_SCENES)[number];
/** The store fields, required when the sales scenes include a physical store. */
export const STORE_FIELDS = [
  'StoreName',
  'StoreProvinceCode',
  'StoreCityCode',
  'StoreDistrictCode',
  'StoreStreet',
  'StoreEntrancePic',
  'StoreIndoorPic',
] as const;

/** 小程序截图 (mini_program_pics): at most five, optional. */
export const MINI_PROGRAM_PICS_MAX = 5;

/** 统一社会信用代码: 18 characters of digits and capitals (not I, O, S, V, Z). */
export const LICENSE_NUMBER_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;
/** 居民身份证号: 17 digits and a digit or X. */
export const ID_CARD_PATTERN = /^\d{17}[\dX]$/;
export const MOBILE_PATTERN = /^1\d{10}$/;
export const BANK_ACCOUNT_PATTERN = /^\d{8,30}$/;
/** 有效期: 起始日期,结束日期 or 长期 as WeChat Pay takes it, e.g. ["2020-01-01","2040-01-01"]. */
export const VALID_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const text = (max: number) => z.string().trim().max(max);
const image = z.string().trim().max(512);
/** Six digits of the areas calls (InitCitys / NextCitys), or blank while not chosen. */
const areaCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/)
  .or(z.literal(''));

/** Every store field may be left out (a caller without the store section): blank. */
const storeDraft = {
  /** Left out by drafts saved before the store section: the mini-program alone. */
  SalesScenes: z.enum(SALES_SCENES).default('miniProgram'),
  StoreName: text(128).default(''),
  StoreProvinceCode: areaCode.default(''),
  StoreCityCode: areaCode.default(''),
  StoreDistrictCode: areaCode.default(''),
  /** The street and number after the district. */
  StoreStreet: text(256).default(''),
  StoreEntrancePic: image.default(''),
  StoreIndoorPic: image.default(''),
  /** Screenshots of the mini-program, sent as mini_program_pics. */
  MiniProgramPics: z.array(image.min(1)).max(MINI_PROGRAM_PICS_MAX).default([]),
};

/** The draft as the form saves it: everything may still be blank; submitting checks completeness. */
export const applymentDraftSchema = z.strictObject({
  Id: id.optional(),
  Version: version.optional(),
  SubjectType: z.enum(SUBJECT_TYPES),
  MerchantName: text(128),
  LicenseNumber: z.string().trim().toUpperCase().regex(LICENSE_NUMBER_PATTERN).or(z.literal('')),
  LicenseCopy: image,
  LegalPerson: text(64),
  IdCardName: text(64),
  /** Left out on an edit: keep the stored number. */
  IdCardNumber: z.string().trim().toUpperCase().regex(ID_CARD_PATTERN).optional(),
  IdCardCopy: image,
  IdCardNational: image,
  IdCardValidFrom: z.string().regex(VALID_DATE_PATTERN).or(z.literal('')),
  IdCardValidTo: z.string().regex(VALID_DATE_PATTERN).or(z.literal('长期')).or(z.literal('')),
  BankAccountType: z.enum(BANK_ACCOUNT_TYPES),
  AccountBank: text(64),
  AccountName: text(128),
  BankAddressCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/)
    .or(z.literal('')),
  /** Left out on an edit: keep the stored number. */
  AccountNumber: z.string().trim().regex(BANK_ACCOUNT_PATTERN).optional(),
  ContactName: text(64),
  /** Left out on an edit: keep the stored number. */
  ContactMobile: z.string().trim().regex(MOBILE_PATTERN).optional(),
  ContactEmail: z.email().max(128).or(z.literal('')),
  MerchantShortname: text(64),
  ServicePhone: z
    .string()
    .trim()
    .regex(/^[\d-]{5,20}$/)
    .or(z.literal('')),
  ...storeDraft,
});
export type ApplymentDraft = z.infer<typeof applymentDraftSchema>;

export const applymentRowSchema = z.object({
  Id: z.number().int(),
  Version: z.number().int(),
  Provider: z.enum(WECHAT_PROVIDERS),
  Status: z.enum(PAY_APPLYMENT_STATES),
  BusinessCode: z.string(),
  SubjectType: z.enum(SUBJECT_TYPES),
  MerchantName: z.string(),
  MerchantShortname: z.string(),
  ApplymentId: z.string(),
  SignUrl: z.string(),
  SubMchId: z.string(),
  /** WeChat Pay's refusal or the audit's reasons; '' when none. */
  Reason: z.string(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type ApplymentRow = z.infer<typeof applymentRowSchema>;

export const applymentDetailSchema = applymentRowSchema.extend({
  LicenseNumber: z.string(),
  LicenseCopy: z.string(),
  LegalPerson: z.string(),
  IdCardName: z.string(),
  /** Masked, e.g. 4101**********1234; '' when none stored. */
  IdCardNumberMask: z.string(),
  IdCardCopy: z.string(),
  IdCardNational: z.string(),
  IdCardValidFrom: z.string(),
  IdCardValidTo: z.string(),
  BankAccountType: z.enum(BANK_ACCOUNT_TYPES),
  AccountBank: z.string(),
  AccountName: z.string(),
  BankAddressCode: z.string(),
  AccountNumberMask: z.string(),
  ContactName: z.string(),
  ContactMobileMask: z.string(),
  ContactEmail: z.string(),
  ServicePhone: z.string(),
  SalesScenes: z.enum(SALES_SCENES),
  StoreName: z.string(),
  StoreProvinceCode: z.string(),
  StoreCityCode: z.string(),
  StoreDistrictCode: z.string(),
  StoreStreet: z.string(),
  StoreEntrancePic: z.string(),
  StoreIndoorPic: z.string(),
  /**
   * The shop's mini-program authorised to the platform (smallRoutineSupervise), sent as
   * mini_program_sub_appid; '' while none is authorised, which keeps the applyment from being submitted.
   */
  MiniProgramAppId: z.string(),
  MiniProgramPics: z.array(z.string()),
});
export type ApplymentDetail = z.infer<typeof applymentDetailSchema>;

export const APPLYMENT_TABS = ['all', ...PAY_APPLYMENT_STATES] as const;

export const getApplymentList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetApplymentList`,
  permission: PAY_APPLYMENT_LIST_PERMISSION,
  input: listQuerySchema.extend({
    status: z.enum(APPLYMENT_TABS).default('all'),
    keyword: z.string().trim().max(64).optional(),
    sort: sortParam(['createdAt']).default('-createdAt'),
  }),
  output: pagedSchema(applymentRowSchema).extend({
    Counts: z.object(
      Object.fromEntries(APPLYMENT_TABS.map((tab) => [tab, z.number().int()])) as {
        [Tab in (typeof APPLYMENT_TABS)[number]]: z.ZodNumber;
      },
    ),
  }),
});

export const applymentListResource: ListResource = {
  resource: 'payApplyments',
  list: getApplymentList,
  filters: [{ name: 'keyword', kind: 'text', params: ['keyword'] }],
  tabs: { param: 'status', values: APPLYMENT_TABS, default: 'all' },
  sortFields: ['createdAt'],
  defaultSort: '-createdAt',
};

export const getApplymentInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetApplymentInfo`,
  permission: PAY_APPLYMENT_PERMISSION,
  input: z.strictObject({ id: queryId }),
  output: applymentDetailSchema,
});

/** Creates (no Id) or updates a draft; only while editing or rejected. */
export const saveApplyment = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SaveApplyment`,
  permission: PAY_APPLYMENT_PERMISSION,
  input: applymentDraftSchema,
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

/** Sends the application through the outbox once every required field is there. */
export const submitApplyment = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SubmitApplyment`,
  permission: PAY_APPLYMENT_LIST_PERMISSION,
  input: z.strictObject({ Ids: z.array(id).length(1) }),
  output: z.object({}),
});

/** Asks WeChat Pay for the state now, as the sweep does. */
export const refreshApplyment = defineEndpoint({
  method: 'POST',
  path: `${BASE}/RefreshApplyment`,
  permission: PAY_APPLYMENT_LIST_PERMISSION,
  input: z.strictObject({ Ids: z.array(id).length(1) }),
  output: z.object({}),
});

/** The fields a submission needs, by the sales scenes (the form marks them, the server checks them). */
export function missingForSubmit(draft: Record<string, unknown>): string[] {
  const required = [
    'MerchantName',
    'LicenseNumber',
    'LicenseCopy',
    'LegalPerson',
    'IdCardName',
    'IdCardCopy',
    'IdCardNational',
    'IdCardValidFrom',
    'IdCardValidTo',
    'AccountBank',
    'AccountName',
    'BankAddressCode',
    'ContactName',
    'MerchantShortname',
    'ServicePhone',
    ...(draft.SalesScenes === 'miniProgramAndStore' ? STORE_FIELDS : []),
  ];
  return required.filter((name) => typeof draft[name] !== 'string' || draft[name] === '');
}
