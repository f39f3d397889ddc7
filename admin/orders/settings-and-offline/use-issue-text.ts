import { useIntl } from 'react-intl';
import { type IssueLike, issueMessage, type MessageRef } from '../../core/form-binding';

/** Translates form messages: a catalogue reference, or a zod issue (the resolvers' error map). */
export function useIssueText() {
  const intl = useIntl();
  const text = (message: MessageRef) => intl.formatMessage({ id: message.id }, message.values);
  return { text, issue: (issue: IssueLike) => text(issueMessage(issue)) };
}
