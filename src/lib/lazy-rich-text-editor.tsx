import { Skeleton } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './rich-text-editor';

const Editor = lazy(() => import('./rich-text-editor'));

/** The rich-text editor, fetched with ProseMirror only when a form draws it. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton height="56" borderRadius="md" />}>
      <Editor {...props} />
    </Suspense>
  );
}
