import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { API_BASE } from '../../contract/endpoint';
import { uploadImage } from '../../contract/endpoints/comm';
import * as sms from '../../contract/endpoints/sms';
import { type AddedValueEnvironment, runAddedValueSweeps } from '../../server/areas/added-value/sweeps';
import { loadConfig, type SmsProviderConfig } from '../../server/config';
import type { TestServer } from './harness';
import { multipartBody, solidPng } from './images';
import { TEST_ENV } from './test-env';

/** The environment of the test server: the platform pays and sends in the sandbox. */
export const SANDBOX: AddedValueEnvironment = {
  sms: undefined,
  payment: loadConfig({ ...TEST_ENV }).payment,
};

/** The sweep as the timer runs it, with the given SMS provider (the sandbox unless given), at `now`. */
export function sweep(server: TestServer, options: { sms?: SmsProviderConfig; at?: Date } = {}) {
  return runAddedValueSweeps(server.database.db, options.at ?? new Date(Date.now() + 1_000), {
    ...SANDBOX,
    sms: options.sms,
  });
}

/** Uploads a PNG as the caller's site (the signature's proof); its /uploads/ URL. */
export async function uploadProof(server: TestServer, token: string): Promise<string> {
  const body = multipartBody({ filename: 'licence.png', contentType: 'image/png', bytes: solidPng(8, 8) });
  const raw = await server.app.inject({
    method: 'POST',
    url: `${API_BASE}${uploadImage.path}`,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
  const url = (raw.json() as { Url: string }).Url;
  expect(url).toMatch(/^\/uploads\//);
  return url;
}

/** A platform SMS package of `count` messages, as the platform adds one (no screen does). */
export async function platformPackage(server: TestServer, count: number, priceFen: number): Promise<number> {
  const [row] = await server.query<{ id: number }>(
    sql`insert into sms_packages (name, count, price_fen, sort) values (${`测试 ${count} 条`}, ${count}, ${priceFen}, 99)
        returning id`,
  );
  return row!.id;
}

export async function balanceOf(server: TestServer, siteId: number): Promise<number> {
  const [row] = await server.query<{ balance: number }>(
    sql`select balance from sms_accounts where site_id = ${siteId}`,
  );
  return row?.balance ?? 0;
}

/** Applies for a template and has the sandbox approve (or reject) it by the sweep; its id. */
export async function approvedTemplate(
  server: TestServer,
  token: string,
  template: {
    Name: string;
    Scene: (typeof sms.smsTemplateFormSchema)['_zod']['output']['Scene'];
    Content: string;
  },
): Promise<number> {
  const saved = await server.call(sms.saveSmsTemplate, template, { token });
  expect(saved.body.Errmsg).toBe('');
  await sweep(server);
  return saved.body.Template.Id;
}

/** A member of the site with a mobile and tags, arranged directly. */
export async function memberWith(
  server: TestServer,
  siteId: number,
  member: { openId: string; mobile: string; tags: string[] },
): Promise<number> {
  const [row] = await server.query<{ id: number }>(
    sql`insert into members (site_id, open_id, nickname, mobile, tags, source)
        values (${siteId}, ${member.openId}, ${member.openId}, ${member.mobile},
                (select coalesce(array_agg(tag), '{}') from jsonb_array_elements_text(${JSON.stringify(member.tags)}::jsonb) tag),
                'operator')
        returning id`,
  );
  return row!.id;
}
