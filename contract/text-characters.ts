/**
 * Characters no text field may hold. PostgreSQL refuses NUL in text and jsonb and refuses invalid
 * UTF-8, which a lone surrogate from JSON.parse becomes; the other control characters are refused
 * with them because no form of the app can type them and they hide text in lists and exports.
 * Tab, line feed and carriage return (a Windows line break) stay allowed; so do format characters
 * such as right-to-left marks, which are ordinary text in Arabic or Hebrew names.
 */
function isRefusedControl(code: number): boolean {
  if (code === 0x09 || code === 0x0a || code === 0x0d) return false;
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
}

function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    if (isRefusedControl(text.charCodeAt(index))) return true;
  }
  return false;
}

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type TextCharacterProblem = 'controlCharacter' | 'loneSurrogate';

export function textCharacterProblem(text: string): TextCharacterProblem | null {
  if (hasControlCharacter(text)) return 'controlCharacter';
  if (loneSurrogate.test(text)) return 'loneSurrogate';
  return null;
}

export interface TextCharacterIssue {
  path: (string | number)[];
  problem: TextCharacterProblem;
}

/** Every string and object key in a parsed JSON value or query, with the path of the first bad one. */
export function findTextCharacterIssue(
  value: unknown,
  path: (string | number)[] = [],
): TextCharacterIssue | null {
  if (typeof value === 'string') {
    const problem = textCharacterProblem(value);
    return problem ? { path, problem } : null;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const issue = findTextCharacterIssue(item, [...path, index]);
      if (issue) return issue;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const keyProblem = textCharacterProblem(key);
      if (keyProblem) return { path: [...path, key], problem: keyProblem };
      const issue = findTextCharacterIssue(item, [...path, key]);
      if (issue) return issue;
    }
  }
  return null;
}
