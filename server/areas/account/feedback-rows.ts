import type { FeedbackRow, FeedbackStatus } from '../../../contract/endpoints/account-feedback';
import { FEEDBACK_STATUSES } from '../../../contract/endpoints/account-feedback';
import type { feedback } from './tables';

/** The stored status number is the index in FEEDBACK_STATUSES: 0 new, 1 handled. */
export function statusCode(status: FeedbackStatus): number {
  return FEEDBACK_STATUSES.indexOf(status);
}

export function statusOf(code: number): FeedbackStatus {
  return FEEDBACK_STATUSES[code] ?? 'new';
}

export function feedbackRow(row: typeof feedback.$inferSelect): FeedbackRow {
  return {
    Id: row.id,
    MemberName: row.memberName,
    Phone: row.phone,
    Content: row.content,
    Images: row.images,
    Status: statusOf(row.status),
    Reply: row.reply,
    HandledByName: row.handledByName,
    HandledAt: row.handledAt?.toISOString() ?? null,
    CreatedAt: row.createdAt.toISOString(),
  };
}
