/** Spec values typed as one line (`S, M，L`): trimmed, blanks dropped, each value once, typed order kept. */
export function parseSpecValues(text: string): string[] {
  const values = text
    .split(/[,，、]/)
    .map((value) => value.trim())
    .filter((value) => value !== '');
  return [...new Set(values)];
}

/** A spec's values adding one more, unless it is blank or already there. */
export function withSpecValue(values: readonly string[], value: string): string[] {
  const added = value.trim();
  return added === '' || values.includes(added) ? [...values] : [...values, added];
}
