/**
 * Who may import whom (DESIGN.md §2). Paths are repository-relative with their extension; an
 * import is `static` (import, import type, export … from) or `dynamic` (import()).
 */

export type ImportKind = 'static' | 'dynamic';

export type ImportEdge = { from: string; to: string; kind: ImportKind };

/** An import that breaks the rules today and is being removed; the reason names the issue. */
export type ImportException = { from: string; to: string; reason: string };

/**
 * The public face of a server area: another area may import only these two files of it, so an
 * area's routes, seeds and helpers stay free to change.
 */
export const AREA_PUBLIC_FILES = ['tables.ts', 'service.ts'] as const;

const SOURCE_FOLDERS = new Set(['contract', 'server', 'src', 'editor', 'components-catalog', 'admin']);

function segments(path: string): string[] {
  return path.split('/');
}

function isUnder(path: string, folder: string): boolean {
  return path === folder || path.startsWith(`${folder}/`);
}

/** Tests (beside the code or in tests/), benchmarks, scripts and root config may reach anything. */
function isFree(path: string): boolean {
  const [top] = segments(path);
  if (!top || !SOURCE_FOLDERS.has(top) || segments(path).length === 1) return true;
  return /\.test\.tsx?$/.test(path);
}

/** A renderer pulls React and the browser in; the server and the definitions must not reach one. */
function isBlockRenderer(path: string): boolean {
  return (
    isUnder(path, 'components-catalog') &&
    (path.endsWith('.tsx') || path === 'components-catalog/renderers.ts')
  );
}

function onlyFrom(to: string, folders: string[], label: string): string | null {
  return folders.some((folder) => isUnder(to, folder))
    ? null
    : `${label} may import only ${folders.join(', ')}`;
}

function serverRule(from: string, to: string): string | null {
  if (isUnder(to, 'components-catalog')) {
    return isBlockRenderer(to)
      ? 'server may import block definitions of components-catalog, never a renderer'
      : null;
  }
  const outside = onlyFrom(to, ['contract', 'server', 'components-catalog'], 'server');
  if (outside) return outside;
  const [, fromFolder, fromArea] = segments(from);
  const [, toFolder, toArea, ...rest] = segments(to);
  if (fromFolder !== 'areas' || toFolder !== 'areas' || fromArea === toArea) return null;
  const file = rest.join('/');
  return (AREA_PUBLIC_FILES as readonly string[]).includes(file)
    ? null
    : `server area ${fromArea} may use area ${toArea} only through its ${AREA_PUBLIC_FILES.join(' or ')}`;
}

function srcRule(from: string, to: string, kind: ImportKind): string | null {
  if (isUnder(from, 'src/lib'))
    return onlyFrom(to, ['contract', 'src/lib', 'src/app', 'src/stores'], 'src/lib');
  if ((isUnder(to, 'editor') || isUnder(to, 'admin')) && kind === 'dynamic') return null;
  return onlyFrom(to, ['contract', 'src', 'components-catalog'], 'the shell (src/) statically');
}

/** Why the import breaks the layering, or null when it is allowed. */
export function importViolation({ from, to, kind }: ImportEdge): string | null {
  if (isFree(from) || !SOURCE_FOLDERS.has(segments(to)[0] ?? '')) return null;
  const [top, second] = segments(from);
  switch (top) {
    case 'contract':
      return onlyFrom(to, ['contract'], 'contract/');
    case 'components-catalog':
      if (!isBlockRenderer(from) && isBlockRenderer(to)) {
        return 'a block definition must not import a renderer (the server imports definitions)';
      }
      return onlyFrom(to, ['contract', 'components-catalog'], 'components-catalog/');
    case 'editor':
      return onlyFrom(to, ['contract', 'components-catalog', 'src/lib', 'editor'], 'editor/');
    case 'admin':
      if (second === 'core') return onlyFrom(to, ['contract', 'src/lib', 'admin/core'], 'admin/core');
      return onlyFrom(to, ['contract', 'src/lib', 'admin/core', `admin/${second}`], `admin/${second}`);
    case 'server':
      return serverRule(from, to);
    case 'src':
      return srcRule(from, to, kind);
    default:
      return null;
  }
}

/**
 * Every import that breaks the rules today, each being removed under issue 13. Delete an entry
 * once its import is gone; the check lists entries that no longer match anything.
 */
export const IMPORT_EXCEPTIONS: readonly ImportException[] = [];
