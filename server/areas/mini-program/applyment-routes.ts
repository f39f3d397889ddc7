import { type SQL, sql } from 'drizzle-orm';
import * as api from '../../../contract/endpoints/pay-applyment';
import { parseSort } from '../../../contract/list-query';
import { type PayApplymentState, payApplymentMachine } from '../../../contract/machines/pay-applyment';
import { can } from '../../../contract/state-machine';
import { audit } from '../../audit';
import type { Executor } from '../../db/client';
import { containsPattern, queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { refuseStale } from '../../http/stale';
import { sealSecret } from '../../secret-box';
import { areaNames } from '../comm/service';
import { shopMiniProgramAppId } from '../wechat-platform/service';
import {
  applymentAdapter,
  enqueueSubmission,
  mask,
  miniProgramPics,
  moveApplyment,
  newBusinessCode,
  pollApplyment,
  readOpenApplyment,
  sendQueuedSubmissions,
} from './applyment';
import { ApplymentError } from './applyment-adapter';
import './messages';

interface ApplymentRecord extends Record<string, unknown> {
  id: number;
  version: number;
  provider: 'sandbox' | 'wechat';
  status: PayApplymentState;
  business_code: string;
  draft: Record<string, string>;
  id_card_number_mask: string;
  account_number_mask: string;
  contact_mobile_mask: string;
  id_card_number_sealed: string | null;
  account_number_sealed: string | null;
  contact_mobile_sealed: string | null;
  applyment_id: string;
  sign_url: string;
  sub_mch_id: string;
  reason: string;
  created_at: string | Date;
  updated_at: string | Date;
}

const iso = (value: string | Date) => new Date(value).toISOString();

function applymentRow(row: ApplymentRecord): api.ApplymentRow {
  return {
    Id: row.id,
    Version: row.version,
    Provider: row.provider,
    Status: row.status,
    BusinessCode: row.business_code,
    SubjectType: (row.draft.SubjectType ?? 'SUBJECT_TYPE_ENTERPRISE') as api.ApplymentRow['SubjectType'],
    MerchantName: row.draft.MerchantName ?? '',
    MerchantShortname: row.draft.MerchantShortname ?? '',
    ApplymentId: row.applyment_id,
    SignUrl: row.sign_url,
    SubMchId: row.sub_mch_id,
    Reason: row.reason,
    CreatedAt: iso(row.created_at),
    UpdatedAt: iso(row.updated_at),
  };
}

function applymentDetail(row: ApplymentRecord, miniProgramAppId: string): api.ApplymentDetail {
  const draft = row.draft;
  return {
    ...applymentRow(row),
    LicenseNumber: draft.LicenseNumber ?? '',
    LicenseCopy: draft.LicenseCopy ?? '',
    LegalPerson: draft.LegalPerson ?? '',
    IdCardName: draft.IdCardName ?? '',
    IdCardNumberMask: row.id_card_number_mask,
    IdCardCopy: draft.IdCardCopy ?? '',
    IdCardNational: draft.IdCardNational ?? '',
    IdCardValidFrom: draft.IdCardValidFrom ?? '',
    IdCardValidTo: draft.IdCardValidTo ?? '',
    BankAccountType: (draft.BankAccountType ??
      'BANK_ACCOUNT_TYPE_CORPORATE') as api.ApplymentDetail['BankAccountType'],
    AccountBank: draft.AccountBank ?? '',
    AccountName: draft.AccountName ?? '',
    BankAddressCode: draft.BankAddressCode ?? '',
    AccountNumberMask: row.account_number_mask,
    ContactName: draft.ContactName ?? '',
    ContactMobileMask: row.contact_mobile_mask,
    ContactEmail: draft.ContactEmail ?? '',
    ServicePhone: draft.ServicePhone ?? '',
    SalesScenes: (draft.SalesScenes ?? 'miniProgram') as api.ApplymentDetail['SalesScenes'],
    StoreName: draft.StoreName ?? '',
    StoreProvinceCode: draft.StoreProvinceCode ?? '',
    StoreCityCode: draft.StoreCityCode ?? '',
    StoreDistrictCode: draft.StoreDistrictCode ?? '',
    StoreStreet: draft.StoreStreet ?? '',
    StoreEntrancePic: draft.StoreEntrancePic ?? '',
    StoreIndoorPic: draft.StoreIndoorPic ?? '',
    MiniProgramAppId: miniProgramAppId,
    MiniProgramPics: miniProgramPics(draft),
  };
}

const COLUMNS = sql`id, version, provider, status, business_code, draft, id_card_number_mask, account_number_mask,
  contact_mobile_mask, id_card_number_sealed, account_number_sealed, contact_mobile_sealed, applyment_id, sign_url,
  sub_mch_id, reason, created_at, updated_at`;

async function readApplyment(
  db: Executor,
  siteId: number,
  id: number,
  field: string,
): Promise<ApplymentRecord> {
  const [row] = await queryRows<ApplymentRecord>(
    db,
    sql`select ${COLUMNS} from pay_applyments where site_id = ${siteId} and id = ${id}`,
  );
  if (!row) throw new AppError('applyment.notFound', { id }, { field });
  return row;
}

const STORE_AREA_FIELDS = {
  province: 'StoreProvinceCode',
  city: 'StoreCityCode',
  district: 'StoreDistrictCode',
} as const;

/** The store's area codes must be one path of the areas calls' tree, as far as they are chosen. */
function checkStoreArea(
  draft: Pick<api.ApplymentDraft, (typeof STORE_AREA_FIELDS)[keyof typeof STORE_AREA_FIELDS]>,
) {
  const found = areaNames([draft.StoreProvinceCode, draft.StoreCityCode, draft.StoreDistrictCode]);
  if ('wrong' in found) {
    const field = STORE_AREA_FIELDS[found.wrong];
    throw new AppError('applyment.storeArea', { field }, { field });
  }
}

const EDITABLE: readonly PayApplymentState[] = ['editing', 'rejected'];

export const applymentRoutes = [
  defineRoute(api.getApplymentList, async ({ db, session, input }) => {
    const where: SQL[] = [sql`site_id = ${session.siteId}`];
    if (input.keyword) {
      const pattern = containsPattern(input.keyword);
      where.push(
        sql`(draft->>'MerchantName' ilike ${pattern} or draft->>'MerchantShortname' ilike ${pattern})`,
      );
    }
    const filtered = input.status === 'all' ? where : [...where, sql`status = ${input.status}`];
    const order = parseSort(input.sort);
    const [rows, [counts]] = await Promise.all([
      queryRows<ApplymentRecord>(
        db,
        sql`select ${COLUMNS} from pay_applyments where ${sql.join(filtered, sql` and `)}
            order by created_at ${sql.raw(order.descending ? 'desc' : 'asc')}, id desc
            limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
      ),
      queryRows<Record<(typeof api.APPLYMENT_TABS)[number], number>>(
        db,
        sql`select count(*)::int as "all", ${sql.join(
          payApplymentMachine.states.map(
            (state) => sql`(count(*) filter (where status = ${state}))::int as ${sql.identifier(state)}`,
          ),
          sql`, `,
        )} from pay_applyments where ${sql.join(where, sql` and `)}`,
      ),
    ]);
    const tally = counts!;
    return { Data: rows.map(applymentRow), Total: tally[input.status], Counts: tally };
  }),

  defineRoute(api.getApplymentInfo, async ({ db, session, input }) =>
    applymentDetail(
      await readApplyment(db, session.siteId, input.id, 'id'),
      await shopMiniProgramAppId(db, session.siteId),
    ),
  ),

  defineRoute(api.saveApplyment, async ({ db, session, config, input, reply, locale }) => {
    const { Id, Version, IdCardNumber, AccountNumber, ContactMobile, ...fields } = input;
    checkStoreArea(fields);
    const key = config.payment.secretsKey;
    const secrets: SQL[] = [];
    if (IdCardNumber !== undefined)
      secrets.push(
        sql`id_card_number_sealed = ${sealSecret(IdCardNumber, key)}, id_card_number_mask = ${mask(IdCardNumber, 4, 4)}`,
      );
    if (AccountNumber !== undefined)
      secrets.push(
        sql`account_number_sealed = ${sealSecret(AccountNumber, key)}, account_number_mask = ${mask(AccountNumber, 0, 4)}`,
      );
    if (ContactMobile !== undefined)
      secrets.push(
        sql`contact_mobile_sealed = ${sealSecret(ContactMobile, key)}, contact_mobile_mask = ${mask(ContactMobile, 3, 4)}`,
      );
    const draft = JSON.stringify(fields);
    if (Id === undefined) {
      const [created] = await db.transaction(async (tx) => {
        const rows = await queryRows<{ id: number; version: number }>(
          tx,
          sql`insert into pay_applyments (site_id, provider, draft, created_by)
              values (${session.siteId}, ${applymentAdapter(config).provider}, ${draft}::jsonb, ${session.accountId})
              returning id, version`,
        );
        if (secrets.length > 0)
          await tx.execute(
            sql`update pay_applyments set ${sql.join(secrets, sql`, `)} where id = ${rows[0]!.id}`,
          );
        await audit(tx, session, 'payApplyment.create', `payApplyment:${rows[0]!.id}`, {
          merchantName: fields.MerchantName,
        });
        return rows;
      });
      return { Id: created!.id, Version: created!.version };
    }
    const current = await readApplyment(db, session.siteId, Id, 'Id');
    if (!EDITABLE.includes(current.status))
      throw new AppError('applyment.notEditable', { id: Id }, { field: 'Id' });
    const saved = await db.transaction(async (tx) => {
      const rows = await queryRows<{ version: number }>(
        tx,
        sql`update pay_applyments set draft = ${draft}::jsonb, version = version + 1, updated_at = now(),
                   provider = ${applymentAdapter(config).provider}
                   ${secrets.length > 0 ? sql`, ${sql.join(secrets, sql`, `)}` : sql``}
             where id = ${Id} and site_id = ${session.siteId} and version = ${Version ?? 0}
               and status in ('editing', 'rejected')
         returning version`,
      );
      if (rows.length > 0)
        await audit(tx, session, 'payApplyment.save', `payApplyment:${Id}`, {
          merchantName: fields.MerchantName,
        });
      return rows[0];
    });
    if (!saved)
      return refuseStale(reply, {
        locale,
        message: 'applyment.stale',
        yours: Version ?? 0,
        current: current.version,
      });
    return { Id, Version: saved.version };
  }),

  defineRoute(api.submitApplyment, async ({ db, session, config, input }) => {
    const id = input.Ids[0]!;
    const current = await readApplyment(db, session.siteId, id, 'Ids');
    if (!can(payApplymentMachine, current.status, 'submit'))
      throw new AppError('applyment.illegal', { id }, { field: 'Ids' });
    const missing = api.missingForSubmit(current.draft);
    if (!current.id_card_number_sealed) missing.push('IdCardNumber');
    if (!current.account_number_sealed) missing.push('AccountNumber');
    if (!current.contact_mobile_sealed) missing.push('ContactMobile');
    if (missing.length > 0) {
      const onlyStore = missing.every((name) => (api.STORE_FIELDS as readonly string[]).includes(name));
      throw new AppError(
        onlyStore ? 'applyment.storeIncomplete' : 'applyment.incomplete',
        { fields: missing.join(', ') },
        { field: missing[0] },
      );
    }
    // The mini-program scene names the shop's mini-program (mini_program_info): none, no applyment.
    if (!(await shopMiniProgramAppId(db, session.siteId)))
      throw new AppError('applyment.miniProgramUnauthorized', {}, { field: 'MiniProgramAppId' });
    const now = new Date();
    const businessCode = newBusinessCode(session.siteId, now);
    await db.transaction(async (tx) => {
      const moved = await moveApplyment(
        tx,
        id,
        'submit',
        sql`business_code = ${businessCode}, submitted_at = ${now.toISOString()}::timestamptz, reason = '',
            provider = ${applymentAdapter(config).provider}`,
      );
      if (!moved) throw new AppError('applyment.illegal', { id }, { field: 'Ids' });
      await enqueueSubmission(tx, session.siteId, id, businessCode);
      await audit(tx, session, 'payApplyment.submit', `payApplyment:${id}`, { businessCode });
    });
    await sendQueuedSubmissions(db, config);
    return {};
  }),

  defineRoute(api.refreshApplyment, async ({ db, session, config, input }) => {
    const id = input.Ids[0]!;
    await readApplyment(db, session.siteId, id, 'Ids');
    const open = await readOpenApplyment(db, session.siteId, id);
    if (!open) throw new AppError('applyment.illegal', { id }, { field: 'Ids' });
    try {
      await pollApplyment(db, applymentAdapter(config), open, new Date());
    } catch (error) {
      if (!(error instanceof ApplymentError)) throw error;
      throw new AppError(
        'applyment.wechatPayRefused',
        { code: error.code, message: error.message },
        { field: 'Ids' },
      );
    }
    await audit(db, session, 'payApplyment.refresh', `payApplyment:${id}`);
    return {};
  }),
];
