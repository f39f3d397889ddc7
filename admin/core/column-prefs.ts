/** Which columns a person hid on a list, kept per list in localStorage. */
const PREFIX = 'columns:';

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Hidden column ids saved for `list`, ignoring ids the list no longer has and broken entries. */
export function readHiddenColumns(
  storage: KeyValueStorage,
  list: string,
  known: readonly string[],
): string[] {
  try {
    const saved: unknown = JSON.parse(storage.getItem(PREFIX + list) ?? '[]');
    return Array.isArray(saved) ? known.filter((column) => saved.includes(column)) : [];
  } catch {
    return [];
  }
}

export function writeHiddenColumns(storage: KeyValueStorage, list: string, hidden: readonly string[]): void {
  storage.setItem(PREFIX + list, JSON.stringify(hidden));
}

/** Hides a shown column or shows a hidden one; at least one column stays visible. */
export function toggleColumn(hidden: readonly string[], column: string, all: readonly string[]): string[] {
  if (hidden.includes(column)) return hidden.filter((entry) => entry !== column);
  const next = [...hidden, column];
  return next.length >= all.length ? [...hidden] : next;
}
