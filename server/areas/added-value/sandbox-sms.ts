import { randomBytes } from 'node:crypto';
import { smsParts } from '../../../contract/sms';
import { type ReviewVerdict, type SmsProvider, SmsProviderError } from './sms-provider';

/** Mobiles the sandbox treats as empty numbers (空号), so the failure path can be tried. */
export const SANDBOX_UNREACHABLE_SUFFIX = '0000';

/** The reviewers turn down test texts (测试类内容), as Tencent's review standard says; so does the sandbox. */
const TEST_TEXT = /测试|test/i;
export const SANDBOX_REJECTION = '测试类签名或模板不予通过 (test texts are not approved)';

/**
 * The platform without an SMS account (DESIGN §11): it accepts messages without sending them, with
 * a message id and the parts it would bill, and refuses numbers ending 0000 as empty numbers; its
 * reviewers approve every signature and template except test texts, by the next sweep.
 */
export function sandboxSms(): SmsProvider {
  const id = (prefix: string) => `${prefix}${randomBytes(6).toString('hex').toUpperCase()}`;
  return {
    name: 'sandbox',
    async send(message) {
      if (message.mobile.endsWith(SANDBOX_UNREACHABLE_SUFFIX)) {
        throw new SmsProviderError(
          'InvalidParameterValue.IncorrectPhoneNumber',
          'the sandbox treats numbers ending 0000 as empty numbers',
          false,
        );
      }
      return { messageId: id('SANDBOX:'), fee: smsParts(message.text) };
    },
    async applySign() {
      return { providerId: id('S') };
    },
    async applyTemplate() {
      return { providerId: id('T') };
    },
    async reviews(_kind, subjects): Promise<ReviewVerdict[]> {
      return subjects.map((subject) =>
        TEST_TEXT.test(subject.text)
          ? { providerId: subject.providerId, state: 'rejected', reason: SANDBOX_REJECTION }
          : { providerId: subject.providerId, state: 'approved', reason: '' },
      );
    },
  };
}
