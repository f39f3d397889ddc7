import {
  Box,
  Button,
  Field as ChakraField,
  HStack,
  IconButton,
  Image,
  Input,
  NativeSelect,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type Field, isVisible } from '../../components-catalog/field-kit';
import { blockDefinition } from '../../components-catalog/registry';
import { uploadImage } from '../../contract/endpoints/comm';
import type { PropPath } from '../../contract/template/operations';
import { http } from '../../src/lib/http';
import { ImagePickerDialog } from '../../src/lib/image-library/image-picker-dialog';
import { EntityListField } from './entity-list-field';
import { LinkField } from './link-picker';
import { useStudio } from './studio-context';
import { snippetHtml, TextSnippetsDialog } from './text-snippets-dialog';

type Change = (path: PropPath, value: unknown) => void;

export interface EditorProps {
  field: Field;
  value: unknown;
  path: PropPath;
  onChange: Change;
  disabled: boolean;
  /** The whole block's props, for fields shown only under a condition on them. */
  root: Record<string, unknown>;
}

function ImageInput({
  value,
  path,
  onChange,
  disabled,
  label,
}: Omit<EditorProps, 'field' | 'root'> & { label: string }) {
  const intl = useIntl();
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState(false);
  const upload = async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    setBusy(true);
    try {
      const response = await http.post(uploadImage.path, form);
      onChange(path, (response.data as { Url: string }).Url);
    } catch {
      // The http layer showed why the upload was refused.
    } finally {
      setBusy(false);
    }
  };
  const url = typeof value === 'string' ? value : '';
  return (
    <Stack gap="1">
      <HStack gap="1">
        <Input
          size="sm"
          value={url}
          disabled={disabled}
          aria-label={label}
          placeholder={intl.formatMessage({ id: 'studio.field.imageUrl' })}
          onChange={(event) => onChange(path, event.target.value)}
        />
        <Button
          size="sm"
          variant="outline"
          loading={busy}
          disabled={disabled}
          onClick={() => fileInput.current?.click()}
        >
          <FormattedMessage id="studio.field.upload" />
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={disabled}
          aria-label={`${intl.formatMessage({ id: 'imageLibrary.field.choose' })}: ${label}`}
          onClick={() => setPicking(true)}
        >
          <FormattedMessage id="imageLibrary.field.choose" />
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          hidden
          aria-label={intl.formatMessage({ id: 'studio.field.upload' })}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
            event.target.value = '';
          }}
        />
      </HStack>
      {url && (
        <Image
          alt={label}
          src={url}
          maxHeight="16"
          objectFit="contain"
          alignSelf="flex-start"
          borderRadius="sm"
          borderWidth="1px"
        />
      )}
      <ImagePickerDialog
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(urls) => {
          setPicking(false);
          if (urls[0]) onChange(path, urls[0]);
        }}
      />
    </Stack>
  );
}

/** The text block's HTML, with the shop's text snippets one click away. */
function RichTextInput({
  field,
  value,
  path,
  onChange,
  disabled,
}: Pick<EditorProps, 'field' | 'value' | 'path' | 'onChange' | 'disabled'>) {
  const [snippets, setSnippets] = useState(false);
  const html = typeof value === 'string' ? value : '';
  const maxLength = field.kind === 'richText' ? field.maxLength : undefined;
  return (
    <Stack gap="1">
      <Textarea
        size="sm"
        rows={4}
        value={html}
        maxLength={maxLength}
        disabled={disabled}
        onChange={(event) => onChange(path, event.target.value)}
      />
      <Button
        size="xs"
        variant="outline"
        alignSelf="flex-start"
        disabled={disabled}
        onClick={() => setSnippets(true)}
      >
        <FormattedMessage id="studio.snippets.open" />
      </Button>
      {snippets && (
        <TextSnippetsDialog
          onInsert={(content) => onChange(path, `${html}${snippetHtml(content)}`)}
          onClose={() => setSnippets(false)}
        />
      )}
    </Stack>
  );
}

function Control({ field, value, path, onChange, disabled, label }: EditorProps & { label: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  switch (field.kind) {
    case 'text':
    case 'video':
      return (
        <Input
          size="sm"
          value={typeof value === 'string' ? value : ''}
          maxLength={field.kind === 'text' ? field.maxLength : undefined}
          disabled={disabled}
          onChange={(event) => onChange(path, event.target.value)}
        />
      );
    case 'richText':
      return (
        <RichTextInput field={field} value={value} path={path} onChange={onChange} disabled={disabled} />
      );
    case 'textarea':
      return (
        <Textarea
          size="sm"
          rows={4}
          value={typeof value === 'string' ? value : ''}
          maxLength={field.maxLength}
          disabled={disabled}
          onChange={(event) => onChange(path, event.target.value)}
        />
      );
    case 'number':
      return (
        <Input
          size="sm"
          type="number"
          min={field.min}
          max={field.max}
          step={field.step ?? 1}
          value={typeof value === 'number' ? value : ''}
          disabled={disabled}
          onChange={(event) => {
            const number = Number(event.target.value);
            if (event.target.value !== '' && Number.isFinite(number))
              onChange(path, Math.min(field.max, Math.max(field.min, number)));
          }}
        />
      );
    case 'colour': {
      const colour = typeof value === 'string' ? value : '';
      return (
        <HStack gap="1">
          <input
            type="color"
            aria-label={label}
            value={/^#[0-9a-f]{6}$/i.test(colour) ? colour : '#ffffff'}
            disabled={disabled}
            onChange={(event) => onChange(path, event.target.value)}
            style={{ width: 32, height: 32, border: 'none', background: 'none', padding: 0 }}
          />
          <Input
            size="sm"
            value={colour}
            maxLength={32}
            disabled={disabled}
            onChange={(event) => onChange(path, event.target.value)}
          />
        </HStack>
      );
    }
    case 'image':
      return <ImageInput value={value} path={path} onChange={onChange} disabled={disabled} label={label} />;
    case 'select':
    case 'alignment': {
      const options =
        field.kind === 'select'
          ? field.options
          : ['left', 'center', 'right'].map((option) => ({ value: option, label: `studio.align.${option}` }));
      return (
        <NativeSelect.Root size="sm" disabled={disabled}>
          <NativeSelect.Field
            value={String(value ?? '')}
            onChange={(event) => {
              const chosen = options.find((option) => String(option.value) === event.target.value);
              if (chosen) onChange(path, chosen.value);
            }}
          >
            {options.map((option) => (
              <option key={String(option.value)} value={String(option.value)}>
                {t(option.label)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      );
    }
    case 'switch':
      return (
        <Switch.Root
          size="sm"
          checked={value === true}
          disabled={disabled}
          onCheckedChange={(details) => onChange(path, details.checked)}
        >
          <Switch.HiddenInput />
          <Switch.Control />
        </Switch.Root>
      );
    case 'spacing': {
      const spacing = (value ?? { top: 0, bottom: 0, side: 0 }) as Record<string, number>;
      return (
        <HStack gap="1">
          {(['top', 'bottom', 'side'] as const).map((side) => (
            <Input
              key={side}
              size="sm"
              type="number"
              min={0}
              max={side === 'side' ? Math.min(field.max, 50) : field.max}
              aria-label={`${label} ${t(`studio.spacing.${side}`)}`}
              title={t(`studio.spacing.${side}`)}
              value={spacing[side] ?? 0}
              disabled={disabled}
              onChange={(event) => {
                const limit = side === 'side' ? Math.min(field.max, 50) : field.max;
                const number = Math.min(limit, Math.max(0, Math.round(Number(event.target.value) || 0)));
                onChange(path, { ...spacing, [side]: number });
              }}
            />
          ))}
        </HStack>
      );
    }
    case 'link':
      return (
        <LinkField
          value={value}
          kinds={field.kinds}
          disabled={disabled}
          onChange={(link) => onChange(path, link)}
        />
      );
    case 'links':
      return (
        <EntityListField
          value={value}
          kinds={field.kinds}
          max={field.max}
          disabled={disabled}
          label={label}
          onChange={(links) => onChange(path, links)}
        />
      );
    case 'list':
      // Lists draw their items in ListEditor; FieldEditor never hands one to Control.
      return null;
  }
}

function ListEditor({
  field,
  value,
  path,
  onChange,
  disabled,
  root,
}: EditorProps & { field: Field & { kind: 'list' } }) {
  const intl = useIntl();
  const items = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  const itemName = (index: number) => `${intl.formatMessage({ id: field.itemLabel })} ${index + 1}`;
  const replace = (next: Record<string, unknown>[]) => onChange(path, next);
  return (
    <Stack gap="2">
      {items.map((item, index) => (
        <Box
          // Items have no ids; their position is their identity while editing.
          // biome-ignore lint/suspicious/noArrayIndexKey: items are plain records without ids
          key={index}
          borderWidth="1px"
          borderRadius="md"
          padding="2"
          bg="gray.50"
        >
          <HStack justify="space-between" marginBottom="1">
            <Text fontSize="xs" fontWeight="semibold">
              {itemName(index)}
            </Text>
            <HStack gap="0.5">
              <IconButton
                size="2xs"
                variant="ghost"
                aria-label={intl.formatMessage({ id: 'studio.list.moveUp' }, { item: itemName(index) })}
                disabled={disabled || index === 0}
                onClick={() => replace(items.toSpliced(index, 1).toSpliced(index - 1, 0, item))}
              >
                <span aria-hidden="true">↑</span>
              </IconButton>
              <IconButton
                size="2xs"
                variant="ghost"
                aria-label={intl.formatMessage({ id: 'studio.list.remove' }, { item: itemName(index) })}
                disabled={disabled || items.length <= field.min}
                onClick={() => replace(items.toSpliced(index, 1))}
              >
                <span aria-hidden="true">✕</span>
              </IconButton>
            </HStack>
          </HStack>
          <Stack gap="2">
            {field.fields.map((sub) =>
              isVisible(sub, item, root) ? (
                <FieldEditor
                  key={sub.name}
                  field={sub}
                  value={item[sub.name]}
                  path={[...path, index, sub.name]}
                  onChange={onChange}
                  disabled={disabled}
                  root={root}
                />
              ) : null,
            )}
          </Stack>
        </Box>
      ))}
      <Button
        size="xs"
        variant="outline"
        disabled={disabled || items.length >= field.max}
        onClick={() => replace([...items, field.newItem()])}
      >
        <FormattedMessage
          id="studio.list.add"
          values={{ item: intl.formatMessage({ id: field.itemLabel }) }}
        />
      </Button>
    </Stack>
  );
}

/** One field with its label and control; the panels and the every-field test render it. */
export function FieldEditor(props: EditorProps) {
  const intl = useIntl();
  const id = useId();
  const { field } = props;
  const label = intl.formatMessage({ id: field.label });
  if (field.kind === 'list') {
    return (
      <Stack gap="1" as="fieldset">
        <Text as="legend" fontSize="sm" fontWeight="medium">
          {label}
        </Text>
        <ListEditor {...props} field={field} />
      </Stack>
    );
  }
  return (
    <ChakraField.Root id={id} required={field.required} data-testid={`field-${props.path.join('.')}`}>
      <ChakraField.Label fontSize="sm">{label}</ChakraField.Label>
      <Control {...props} label={label} />
      {field.hint && (
        <ChakraField.HelperText>{intl.formatMessage({ id: field.hint })}</ChakraField.HelperText>
      )}
    </ChakraField.Root>
  );
}

/** The selected block's properties, generated from its catalogue fields, plus its block actions. */
export function PropertyPanel() {
  const intl = useIntl();
  const selection = useStudio((state) => state.selection);
  const blocks = useStudio((state) => state.history.document.blocks);
  const setProp = useStudio((state) => state.setProp);
  const duplicateBlocks = useStudio((state) => state.duplicateBlocks);
  const deleteBlocks = useStudio((state) => state.deleteBlocks);
  const setHidden = useStudio((state) => state.setHidden);
  const setLocked = useStudio((state) => state.setLocked);
  const blockId = selection.length === 1 ? selection[0]! : null;
  const block = blockId && Object.hasOwn(blocks, blockId) ? blocks[blockId]! : null;
  if (selection.length > 1) {
    return (
      <Stack gap="3">
        <Text fontSize="sm">
          <FormattedMessage id="studio.properties.many" values={{ count: selection.length }} />
        </Text>
        <HStack wrap="wrap" gap="1">
          <Button size="xs" variant="outline" onClick={() => duplicateBlocks()}>
            <FormattedMessage id="studio.action.duplicate" />
          </Button>
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => deleteBlocks()}>
            <FormattedMessage id="studio.action.delete" />
          </Button>
        </HStack>
      </Stack>
    );
  }
  if (!block) {
    return (
      <Text fontSize="sm" color="fg.muted">
        <FormattedMessage id="studio.properties.none" />
      </Text>
    );
  }
  const definition = blockDefinition(block.type);
  const props = block.props as Record<string, unknown>;
  const change: Change = (path, value) => setProp(block.id, path, value);
  return (
    <Stack gap="3" data-testid="property-panel">
      <HStack justify="space-between">
        <Text fontWeight="semibold">
          {intl.formatMessage({ id: definition?.label ?? 'studio.canvas.unknownBlock' })}
        </Text>
      </HStack>
      <HStack wrap="wrap" gap="1">
        <Button
          size="xs"
          variant="outline"
          disabled={block.locked}
          onClick={() => duplicateBlocks([block.id])}
        >
          <FormattedMessage id="studio.action.duplicate" />
        </Button>
        <Button size="xs" variant="outline" onClick={() => setHidden([block.id], !block.hidden)}>
          <FormattedMessage id={block.hidden ? 'studio.action.show' : 'studio.action.hide'} />
        </Button>
        <Button size="xs" variant="outline" onClick={() => setLocked([block.id], !block.locked)}>
          <FormattedMessage id={block.locked ? 'studio.action.unlock' : 'studio.action.lock'} />
        </Button>
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          disabled={block.locked}
          onClick={() => deleteBlocks([block.id])}
        >
          <FormattedMessage id="studio.action.delete" />
        </Button>
      </HStack>
      {block.locked && (
        <Text fontSize="xs" color="orange.600">
          <FormattedMessage id="document.locked" />
        </Text>
      )}
      {(definition?.fields ?? []).map((field) =>
        isVisible(field, props, props) ? (
          <FieldEditor
            key={field.name}
            field={field}
            value={props[field.name]}
            path={[field.name]}
            onChange={change}
            disabled={block.locked}
            root={props}
          />
        ) : null,
      )}
    </Stack>
  );
}

/** The shown page's settings (title, background, sharing), from the page-settings block's fields. */
export function PageSettingsPanel() {
  const pageId = useStudio((state) => state.pageId);
  const page = useStudio((state) => state.history.document.pages.find((entry) => entry.id === state.pageId));
  const updatePageSettings = useStudio((state) => state.updatePageSettings);
  const definition = blockDefinition('pageSettings');
  if (!page || !definition) return null;
  const settings = page.settings as unknown as Record<string, unknown>;
  return (
    <Stack gap="3" data-testid="page-settings">
      {definition.fields.map((field) => (
        <FieldEditor
          key={field.name}
          field={field}
          value={settings[field.name]}
          path={[field.name]}
          onChange={(path, value) => updatePageSettings(pageId, { [String(path[0])]: value })}
          disabled={false}
          root={settings}
        />
      ))}
    </Stack>
  );
}
