import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { WechatProvider } from '../../../contract/endpoints/mini-program';
import {
  type PayApplymentAction,
  type PayApplymentState,
  payApplymentMachine,
} from '../../../contract/machines/pay-applyment';
import { findAction } from '../../../contract/state-machine';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { openSecret } from '../../secret-box';
import { createFileStore } from '../../storage/file-store';
import { areaPath } from '../comm/service';
import { drainOutboxKinds, enqueueOutbox, MAX_ATTEMPTS, type OutboxRow } from '../payment/service';
import { shopMiniProgramAppId } from '../wechat-platform/service';
import {
  type ApplymentAdapter,
  ApplymentError,
  type ApplymentRequest,
  type ApplymentStore,
  sandboxApplyments,
} from './applyment-adapter';
import { wechatPayApplyments } from './wechat-pay-applyment';

/** Applyments: the adapter for a configuration, the outbox sender of a submission and the state poll. */

export const SUBMIT_KIND = 'payApplyment.submit';
/** The sweep asks WeChat Pay about an open applyment at most this often. */
const POLL_EVERY_SECONDS = 600;

export function applymentAdapter(config: Config): ApplymentAdapter {
  return config.wechatPayPartner
    ? wechatPayApplyments(config.wechatPayPartner, config.payment.wechatPayApiBase)
    : sandboxApplyments();
}

export function mask(value: string, keepStart: number, keepEnd: number): string {
  if (value.length <= keepStart + keepEnd) return '*'.repeat(value.length);
  return `${value.slice(0, keepStart)}${'*'.repeat(value.length - keepStart - keepEnd)}${value.slice(-keepEnd)}`;
}

/** 业务申请编号: the site, the moment and randomness; new for every submission. */
export function newBusinessCode(siteId: number, now: Date): string {
  return `${siteId}_${now.getTime()}_${randomBytes(4).toString('hex')}`;
}

/** Moves an applyment by the machine in a guarded UPDATE; false when it was not in a state the action leaves. */
export async function moveApplyment(
  tx: Executor,
  id: number,
  action: PayApplymentAction,
  set?: ReturnType<typeof sql>,
): Promise<boolean> {
  const transition = findAction(payApplymentMachine, action)!;
  const moved = await queryRows<{ id: number }>(
    tx,
    sql`update pay_applyments set status = ${transition.to}, version = version + 1, updated_at = now()
          ${set ? sql`, ${set}` : sql``}
         where id = ${id} and status in (${sql.join(
           transition.from.map((state) => sql`${state}`),
           sql`, `,
         )})
       returning id`,
  );
  return moved.length > 0;
}

export async function enqueueSubmission(tx: Executor, siteId: number, id: number, businessCode: string) {
  await enqueueOutbox(tx, {
    siteId,
    kind: SUBMIT_KIND,
    idempotencyKey: `${SUBMIT_KIND}:${businessCode}`,
    payload: { applymentId: id, businessCode },
  });
}

interface QueuedApplyment extends Record<string, unknown> {
  id: number;
  site_id: number;
  provider: WechatProvider;
  status: PayApplymentState;
  business_code: string;
  draft: Record<string, string>;
  id_card_number_sealed: string | null;
  account_number_sealed: string | null;
  contact_mobile_sealed: string | null;
  submitted_at: string | Date | null;
}

async function imageBytes(config: Config, url: string): Promise<{ name: string; data: Buffer }> {
  // The demo's pictures are inline data URLs (base64 or percent-encoded).
  const inline = /^data:image\/(png|jpeg|svg\+xml)(;base64)?,(.+)$/.exec(url);
  if (inline) {
    const data = inline[2]
      ? Buffer.from(inline[3]!, 'base64')
      : Buffer.from(decodeURIComponent(inline[3]!), 'utf8');
    return { name: `image.${inline[1] === 'png' ? 'png' : 'jpg'}`, data };
  }
  if (url.startsWith('/uploads/')) {
    const key = url.slice('/uploads/'.length);
    const file = await createFileStore(config.storage).get(key);
    if (!file) throw new ApplymentError('PARAM_ERROR', `image ${url} is gone from the image library`, false);
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(chunk as Buffer);
    return { name: key.split('/').pop()!, data: Buffer.concat(chunks) };
  }
  throw new ApplymentError('PARAM_ERROR', `image ${url} is not from the image library`, false);
}

/** The screenshots of a draft (an array in the draft's JSON, whose other fields are text). */
export function miniProgramPics(draft: Record<string, unknown>): string[] {
  const pics = draft.MiniProgramPics;
  return Array.isArray(pics) ? pics.filter((pic): pic is string => typeof pic === 'string') : [];
}

/** The store as WeChat Pay takes it: the district's code, the full address, the photos' media ids. */
async function storeOf(
  draft: Record<string, string>,
  upload: (url: string) => Promise<string>,
): Promise<ApplymentStore> {
  const area = areaPath(draft.StoreProvinceCode!, draft.StoreCityCode!, draft.StoreDistrictCode!);
  if (!area) throw new ApplymentError('PARAM_ERROR', 'the store’s area is not one of the areas list', false);
  return {
    name: draft.StoreName!,
    addressCode: draft.StoreDistrictCode!,
    address: `${area.province}${area.city}${area.district}${draft.StoreStreet!}`,
    entrancePic: await upload(draft.StoreEntrancePic!),
    indoorPic: await upload(draft.StoreIndoorPic!),
  };
}

async function sendSubmission(
  db: Database,
  config: Config,
  adapter: ApplymentAdapter,
  row: OutboxRow,
  last: boolean,
): Promise<Record<string, unknown>> {
  const payload = row.payload as { applymentId: number; businessCode: string };
  const [applyment] = await queryRows<QueuedApplyment>(
    db,
    sql`select id, site_id, provider, status, business_code, draft, id_card_number_sealed, account_number_sealed,
               contact_mobile_sealed, submitted_at
          from pay_applyments where id = ${payload.applymentId} and site_id = ${row.site_id}`,
  );
  if (applyment?.status !== 'submitted' || applyment.business_code !== payload.businessCode)
    return { skipped: true };
  const refuse = async (error: ApplymentError) => {
    const reason = `${error.code}: ${error.message}`.slice(0, 500);
    await moveApplyment(db, applyment.id, 'refused', sql`reason = ${reason}`);
    return { code: error.code };
  };
  try {
    if (adapter.provider !== applyment.provider)
      throw new ApplymentError('NOT_CONFIGURED', `applyments now go to ${adapter.provider}`, false);
    const draft = applyment.draft;
    const subAppId = await shopMiniProgramAppId(db, applyment.site_id);
    // Authorised when submitted; revoked before the send: WeChat Pay would refuse the scene anyway.
    if (!subAppId)
      throw new ApplymentError(
        'MINI_PROGRAM_UNAUTHORIZED',
        'the shop’s mini-program is no longer authorised',
        false,
      );
    const key = config.payment.secretsKey;
    const upload = async (url: string) => {
      const image = await imageBytes(config, url);
      return adapter.uploadImage(image.name, image.data);
    };
    const request: ApplymentRequest = {
      businessCode: applyment.business_code,
      subjectType: draft.SubjectType!,
      merchantName: draft.MerchantName!,
      licenseNumber: draft.LicenseNumber!,
      licenseCopy: await upload(draft.LicenseCopy!),
      legalPerson: draft.LegalPerson!,
      idCardName: draft.IdCardName!,
      idCardNumber: openSecret(applyment.id_card_number_sealed!, key),
      idCardCopy: await upload(draft.IdCardCopy!),
      idCardNational: await upload(draft.IdCardNational!),
      idCardValidFrom: draft.IdCardValidFrom!,
      idCardValidTo: draft.IdCardValidTo!,
      bankAccountType: draft.BankAccountType!,
      accountBank: draft.AccountBank!,
      accountName: draft.AccountName!,
      bankAddressCode: draft.BankAddressCode!,
      accountNumber: openSecret(applyment.account_number_sealed!, key),
      contactName: draft.ContactName!,
      contactMobile: openSecret(applyment.contact_mobile_sealed!, key),
      contactEmail: draft.ContactEmail ?? '',
      merchantShortname: draft.MerchantShortname!,
      servicePhone: draft.ServicePhone!,
      ...(draft.SalesScenes === 'miniProgramAndStore' ? { store: await storeOf(draft, upload) } : {}),
      miniProgram: { subAppId, pics: await Promise.all(miniProgramPics(draft).map(upload)) },
    };
    const { applymentId } = await adapter.submit(request);
    await moveApplyment(db, applyment.id, 'accepted', sql`applyment_id = ${applymentId}, reason = ''`);
    return { applymentId };
  } catch (error) {
    if (!(error instanceof ApplymentError)) throw error;
    if (last || !error.transient) return refuse(error);
    throw error;
  }
}

/** Asks WeChat Pay for one applyment's state and moves it; on finishing, the merchant id fills the payment settings. */
export async function pollApplyment(
  db: Database,
  adapter: ApplymentAdapter,
  applyment: {
    id: number;
    site_id: number;
    business_code: string;
    submitted_at: string | Date | null;
    merchant_name: string;
  },
  now: Date,
): Promise<void> {
  const status = await adapter.query(
    applyment.business_code,
    { submittedAt: new Date(applyment.submitted_at ?? now), merchantName: applyment.merchant_name },
    now,
  );
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update pay_applyments set polled_at = ${now.toISOString()}::timestamptz where id = ${applyment.id}`,
    );
    switch (status.state) {
      case 'APPLYMENT_STATE_REJECTED':
      case 'APPLYMENT_STATE_CANCELED':
        await moveApplyment(tx, applyment.id, 'reject', sql`reason = ${status.reasons || status.state}`);
        return;
      case 'APPLYMENT_STATE_TO_BE_CONFIRMED':
      case 'APPLYMENT_STATE_TO_BE_SIGNED':
      case 'APPLYMENT_STATE_SIGNING':
        await moveApplyment(tx, applyment.id, 'awaitSigning', sql`sign_url = ${status.signUrl}`);
        await tx.execute(
          sql`update pay_applyments set sign_url = ${status.signUrl} where id = ${applyment.id}`,
        );
        return;
      case 'APPLYMENT_STATE_FINISHED':
        if (await moveApplyment(tx, applyment.id, 'finish', sql`sub_mch_id = ${status.subMchId}`)) {
          // The shop's new merchant number; the operator adds its keys on the payment screen.
          await tx.execute(
            sql`insert into payment_settings (site_id, mch_id) values (${applyment.site_id}, ${status.subMchId})
                on conflict (site_id) do update set mch_id = excluded.mch_id, version = payment_settings.version + 1,
                                                  updated_at = now()`,
          );
        }
        return;
      default:
        return;
    }
  });
}

type OpenApplyment = {
  id: number;
  site_id: number;
  business_code: string;
  submitted_at: string | Date | null;
  merchant_name: string;
};

export async function readOpenApplyment(
  db: Executor,
  siteId: number,
  id: number,
): Promise<OpenApplyment | null> {
  const [row] = await queryRows<OpenApplyment>(
    db,
    sql`select id, site_id, business_code, submitted_at, draft->>'MerchantName' as merchant_name
          from pay_applyments where id = ${id} and site_id = ${siteId} and status in ('auditing', 'toBeSigned')`,
  );
  return row ?? null;
}

/** The sweep's part: sends queued submissions, then polls the open applyments not asked lately. */
export async function applymentSweep(db: Database, now: Date, config: Config) {
  const adapter = applymentAdapter(config);
  const sent = await drainOutboxKinds(db, now, {
    [SUBMIT_KIND]: { send: (row) => sendSubmission(db, config, adapter, row, row.attempts >= MAX_ATTEMPTS) },
  });
  const due = await queryRows<OpenApplyment>(
    db,
    sql`select id, site_id, business_code, submitted_at, draft->>'MerchantName' as merchant_name
          from pay_applyments
         where status in ('auditing', 'toBeSigned') and provider = ${adapter.provider}
           and (polled_at is null or polled_at < ${now.toISOString()}::timestamptz - make_interval(secs => ${POLL_EVERY_SECONDS}))
         order by id limit 20`,
  );
  let polled = 0;
  for (const applyment of due) {
    try {
      await pollApplyment(db, adapter, applyment, now);
      polled += 1;
    } catch (error) {
      if (!(error instanceof ApplymentError)) throw error;
    }
  }
  return { sent: sent.sent, failed: sent.failed, polled };
}

/** Sends a submission just queued, after its transaction committed. */
export function sendQueuedSubmissions(db: Database, config: Config) {
  const adapter = applymentAdapter(config);
  return drainOutboxKinds(db, new Date(), {
    [SUBMIT_KIND]: { send: (row) => sendSubmission(db, config, adapter, row, row.attempts >= MAX_ATTEMPTS) },
  });
}
