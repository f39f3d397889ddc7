/** The parts of a zod issue the form's messages need. */
export interface IssueLike {
  code: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
}

/** A catalogue key and its values for a validation issue of the carrier-account form. */
export function issueMessage(issue: IssueLike): { id: string; values: Record<string, number> } {
  if (issue.code === 'too_small' && issue.origin === 'string') {
    const min = Number(issue.minimum ?? 1);
    return min <= 1
      ? { id: 'face.issue.required', values: {} }
      : { id: 'face.issue.tooShort', values: { min } };
  }
  if (issue.code === 'too_big' && issue.origin === 'string')
    return { id: 'face.issue.tooLong', values: { max: Number(issue.maximum ?? 0) } };
  if (issue.code === 'invalid_type') return { id: 'face.issue.required', values: {} };
  return { id: 'face.issue.invalid', values: {} };
}
