import type { AuditItem, CodeTemplate, WechatProvider } from '../../../contract/endpoints/mini-program';

/**
 * The mini-program adapter (DESIGN §11): WeChat's third-party platform when configured, the sandbox
 * otherwise. Every method goes over the network (or acts as if it did): never call one inside a
 * database transaction. Refusals are WechatError with WeChat's errcode.
 */

export interface AuthorizedMiniProgram {
  appId: string;
  refreshToken: string;
  permissions: number[];
  nickname: string;
  headImage: string;
  principalName: string;
  /** The original id (gh_…), the ToUserName of WeChat's pushes for it. */
  userName: string;
  domains: { request: string[]; ws: string[]; upload: string[]; download: string[] };
}

export interface CodeCommit {
  templateId: number;
  extJson: string;
  userVersion: string;
  userDesc: string;
}

export interface QrImage {
  contentType: string;
  data: Buffer;
}

export interface AuditCategory {
  FirstClass: string;
  SecondClass: string;
  FirstId: number;
  SecondId: number;
}

export interface MiniProgramAdapter {
  readonly provider: WechatProvider;
  /** Where the operator authorises; WeChat sends them back to `redirectUri` with ?auth_code=. */
  authorizationUrl(siteId: number, redirectUri: string): Promise<string>;
  queryAuthorization(siteId: number, authCode: string): Promise<AuthorizedMiniProgram>;
  templates(): Promise<CodeTemplate[]>;
  commit(siteId: number, commit: CodeCommit): Promise<void>;
  experienceQr(siteId: number, userVersion: string): Promise<QrImage>;
  auditOptions(siteId: number): Promise<{ categories: AuditCategory[]; pages: string[] }>;
  submitAudit(siteId: number, items: AuditItem[], versionDesc: string): Promise<{ auditId: string }>;
  release(siteId: number): Promise<void>;
  rollback(siteId: number): Promise<void>;
  /** Opens or closes the released mini-program to visitors (change_visitstatus). */
  changeVisitStatus(siteId: number, open: boolean): Promise<void>;
  /** The released mini-program's code for a page (getwxacodeunlimit). */
  pageCode(siteId: number, page: string, scene: string): Promise<QrImage>;
}
