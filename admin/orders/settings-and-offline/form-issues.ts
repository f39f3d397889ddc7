/** A catalogue key and its values: what a field error shows once translated. */
export interface MessageRef {
  id: string;
  values?: Record<string, string | number>;
}

/** The parts of a zod issue (raw or final) that decide its message. */
export interface IssueLike {
  code: string;
  input?: unknown;
  origin?: string;
  expected?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  params?: Record<string, unknown>;
}

function empty(input: unknown): boolean {
  return input === undefined || input === null || input === '' || Number.isNaN(input);
}

/**
 * The message of a broken schema rule in the operator's words: zod's own text is English and talks
 * about types, so every rule maps to a catalogue entry (`orders.form.*`). A custom issue carries its
 * catalogue key in `params.key` (the contract's cross-field rules).
 */
export function issueMessage(issue: IssueLike): MessageRef {
  const min = Number(issue.minimum);
  const max = Number(issue.maximum);
  switch (issue.code) {
    case 'invalid_type':
      if (empty(issue.input)) return { id: 'orders.form.required' };
      return { id: issue.expected === 'int' ? 'orders.form.integer' : 'orders.form.number' };
    case 'too_small':
      if (issue.origin === 'string')
        return min <= 1 ? { id: 'orders.form.required' } : { id: 'orders.form.minLength', values: { min } };
      if (issue.origin === 'array') return { id: 'orders.form.minItems', values: { min } };
      return { id: 'orders.form.min', values: { min } };
    case 'too_big':
      if (issue.origin === 'string') return { id: 'orders.form.maxLength', values: { max } };
      if (issue.origin === 'array') return { id: 'orders.form.maxItems', values: { max } };
      return { id: 'orders.form.max', values: { max } };
    case 'invalid_format':
      return { id: 'orders.form.format' };
    case 'invalid_value':
      return { id: 'orders.form.choice' };
    case 'custom':
      if (typeof issue.params?.key === 'string')
        return {
          id: issue.params.key,
          values: issue.params.values as Record<string, string | number> | undefined,
        };
      return { id: 'orders.form.invalid' };
    default:
      return { id: 'orders.form.invalid' };
  }
}
