import type { ReviewState } from '../../../contract/machines/added-value';

/**
 * The SMS adapter (DESIGN §11): one interface, Tencent Cloud SMS behind it when the platform's
 * account is configured, the sandbox otherwise. Every call goes over the network: the outbox and the
 * sweep make them, never a request inside a database transaction.
 */

export type SmsProviderName = 'sandbox' | 'tencent';

export interface OutgoingMessage {
  /** Mainland mobile, 11 digits. */
  mobile: string;
  signName: string;
  /** The provider's id of the approved template. */
  templateId: string;
  /** The template's variables, {1} first. */
  params: readonly string[];
  /** Returned by the provider as given: the outbox row's idempotency key, to trace a message. */
  sessionContext: string;
  /** The message as the recipient reads it (signature and body), as this side rendered it. */
  text: string;
}

export interface AcceptedMessage {
  /** The provider's id of the message (Tencent's SerialNo). */
  messageId: string;
  /** Parts the provider billed. */
  fee: number;
}

export interface SignApplication {
  name: string;
  /** Proof of the right to the name (a business licence), base64 without a data: prefix. */
  proofImage: string;
  remark: string;
}

export interface TemplateApplication {
  name: string;
  content: string;
  /** Marketing texts are reviewed and sent under stricter rules than notifications and codes. */
  marketing: boolean;
  remark: string;
}

/** What the provider's reviewers have said about a signature or template. */
export interface ReviewVerdict {
  providerId: string;
  state: ReviewState;
  /** The reviewers' reply: why it was rejected. */
  reason: string;
}

export interface ReviewSubject {
  providerId: string;
  /** The signature's name or the template's content, as applied. */
  text: string;
}

export interface SmsProvider {
  readonly name: SmsProviderName;
  send(message: OutgoingMessage, now: Date): Promise<AcceptedMessage>;
  applySign(sign: SignApplication, now: Date): Promise<{ providerId: string }>;
  applyTemplate(template: TemplateApplication, now: Date): Promise<{ providerId: string }>;
  /** The verdicts on applied signatures or templates; one missing from the answer is still applied. */
  reviews(kind: 'sign' | 'template', subjects: readonly ReviewSubject[], now: Date): Promise<ReviewVerdict[]>;
}

/**
 * A refusal or failure of the provider with its error code (Tencent's, or NETWORK / BAD_ANSWER).
 * `retry` says whether trying again later can help (a limit, an outage) or not (a wrong number).
 */
export class SmsProviderError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}
