import { Box, Button, HStack, Separator } from '@chakra-ui/react';
import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { ModuleMessages } from './i18n/module-messages';
import { ImagePickerDialog } from './image-library/image-picker-dialog';
import { NameDialog } from './name-dialog';
import { linkHref } from './rich-text-link';
import { richTextCatalogues } from './rich-text-messages';

export interface RichTextEditorProps {
  /** The field's name, read out for the editing area and heading its toolbar's name. */
  label: string;
  /** HTML; the server sanitises it again on save (contract/rich-text-policy.ts). */
  value: string;
  onChange(html: string): void;
  invalid?: boolean;
  /** Id of the text that describes or reports on the field (its error message). */
  describedBy?: string;
}

const URL_MAX = 500;

interface ToolButton {
  id: string;
  active?(editor: Editor): boolean;
  run(editor: Editor): void;
  disabled?(editor: Editor): boolean;
}

const FORMAT_BUTTONS: ToolButton[] = [
  { id: 'bold', active: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  { id: 'italic', active: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run() },
  {
    id: 'underline',
    active: (e) => e.isActive('underline'),
    run: (e) => e.chain().focus().toggleUnderline().run(),
  },
  {
    id: 'heading',
    active: (e) => e.isActive('heading', { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    id: 'bulletList',
    active: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    id: 'orderedList',
    active: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    id: 'blockquote',
    active: (e) => e.isActive('blockquote'),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
];

const HISTORY_BUTTONS: ToolButton[] = [
  { id: 'undo', run: (e) => e.chain().focus().undo().run(), disabled: (e) => !e.can().undo() },
  { id: 'redo', run: (e) => e.chain().focus().redo().run(), disabled: (e) => !e.can().redo() },
];

/** Arrow keys, Home and End move between the toolbar's buttons (WAI-ARIA toolbar pattern). */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const last = buttons.length - 1;
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? last
        : event.key === 'ArrowLeft'
          ? index <= 0
            ? last
            : index - 1
          : index >= last
            ? 0
            : index + 1;
  event.preventDefault();
  for (const button of buttons) button.tabIndex = -1;
  const target = buttons[next];
  if (target) {
    target.tabIndex = 0;
    target.focus();
  }
}

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `richText.${id}` }, values);
  const [dialog, setDialog] = useState<'link' | 'image' | null>(null);
  // Re-render on selection changes so pressed and disabled states follow the caret.
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      active: Object.fromEntries(
        FORMAT_BUTTONS.map((button) => [button.id, button.active?.(current) ?? false]),
      ),
      disabled: Object.fromEntries(
        HISTORY_BUTTONS.map((button) => [button.id, button.disabled?.(current) ?? false]),
      ),
      link: current.isActive('link'),
      href: (current.getAttributes('link').href as string | undefined) ?? '',
    }),
  });
  const toolbarRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // One tab stop for the whole toolbar: the first button, until the arrows move it.
    const buttons = toolbarRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    buttons.forEach((button, index) => {
      button.tabIndex = index === 0 ? 0 : -1;
    });
  }, []);
  const tool = (button: ToolButton, pressed?: boolean, disabled?: boolean) => (
    <Button
      key={button.id}
      size="xs"
      variant={pressed ? 'subtle' : 'ghost'}
      aria-pressed={pressed}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => button.run(editor)}
    >
      {t(`tool.${button.id}`)}
    </Button>
  );
  return (
    <>
      <HStack
        ref={toolbarRef}
        role="toolbar"
        aria-label={t('toolbar', { label })}
        gap="1"
        wrap="wrap"
        padding="1"
        borderBottomWidth="1px"
        onKeyDown={moveFocus}
      >
        {FORMAT_BUTTONS.map((button) => tool(button, state.active[button.id]))}
        <Separator orientation="vertical" height="5" />
        <Button
          size="xs"
          variant={state.link ? 'subtle' : 'ghost'}
          aria-pressed={state.link}
          onClick={() => setDialog('link')}
        >
          {t('tool.link')}
        </Button>
        {state.link && (
          <Button size="xs" variant="ghost" onClick={() => editor.chain().focus().unsetLink().run()}>
            {t('tool.unlink')}
          </Button>
        )}
        <Button size="xs" variant="ghost" onClick={() => setDialog('image')}>
          {t('tool.image')}
        </Button>
        <Separator orientation="vertical" height="5" />
        {HISTORY_BUTTONS.map((button) => tool(button, undefined, state.disabled[button.id]))}
      </HStack>
      {dialog === 'link' && (
        <NameDialog
          title={t('linkTitle')}
          label={t('linkLabel')}
          initial={state.href}
          maxLength={URL_MAX}
          onClose={() => setDialog(null)}
          onSubmit={(typed) => {
            editor
              .chain()
              .focus()
              .extendMarkRange('link')
              .setLink({ href: linkHref(typed) })
              .run();
            setDialog(null);
          }}
        />
      )}
      <ImagePickerDialog
        open={dialog === 'image'}
        multiple
        onClose={() => setDialog(null)}
        onPick={(urls) => {
          setDialog(null);
          const chain = editor.chain().focus();
          for (const src of urls) chain.setImage({ src, alt: '' });
          chain.run();
        }}
      />
    </>
  );
}

/**
 * Rich text for operator-written content (news, column pages, single pages): Tiptap with a toolbar
 * whose buttons have names and follow the toolbar keyboard pattern, links, and images from the
 * shop's image library. Heavy (ProseMirror): load it through lazy-rich-text-editor.tsx.
 */
function RichTextEditor({ label, value, onChange, invalid, describedBy }: RichTextEditorProps) {
  const lastEmitted = useRef(value);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [2, 3] } }),
      Link.configure({ openOnClick: false, autolink: true, protocols: ['mailto', 'tel'] }),
      Image,
    ],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      lastEmitted.current = html;
      onChange(html);
    },
  });
  useEffect(() => {
    // A value set from outside (a reset, a reload) replaces the content; our own echoes do not.
    if (editor && value !== lastEmitted.current) {
      lastEmitted.current = value;
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);
  return (
    <Box
      borderWidth="1px"
      borderRadius="md"
      borderColor={invalid ? 'border.error' : 'border'}
      _focusWithin={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', colorPalette: 'brand' }}
    >
      {editor && <Toolbar editor={editor} label={label} />}
      <Box
        padding="3"
        minHeight="48"
        css={{
          '& .tiptap': { minHeight: '40', outline: 'none' },
          '& .tiptap p': { marginBlock: '0.5em' },
          '& .tiptap h2': { fontSize: 'xl', fontWeight: 'semibold', marginBlock: '0.6em' },
          '& .tiptap h3': { fontSize: 'lg', fontWeight: 'semibold', marginBlock: '0.5em' },
          '& .tiptap ul': { listStyleType: 'disc', paddingInlineStart: '6' },
          '& .tiptap ol': { listStyleType: 'decimal', paddingInlineStart: '6' },
          '& .tiptap blockquote': {
            borderInlineStartWidth: '3px',
            paddingInlineStart: '3',
            color: 'fg.muted',
          },
          '& .tiptap a': { color: 'brand.fg', textDecoration: 'underline' },
          '& .tiptap img': { maxWidth: '100%', height: 'auto', marginBlock: '0.5em' },
          '& .tiptap img.ProseMirror-selectednode': { outline: '2px solid', outlineColor: 'brand.solid' },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}

/** The editor with its own text, so a screen that never opens it does not carry its catalogue. */
export default function RichTextEditorWithMessages(props: RichTextEditorProps) {
  return (
    <ModuleMessages catalogues={richTextCatalogues}>
      <RichTextEditor {...props} />
    </ModuleMessages>
  );
}
