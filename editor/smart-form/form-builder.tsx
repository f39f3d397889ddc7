import {
  Badge,
  Box,
  Button,
  Flex,
  Heading,
  HStack,
  IconButton,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { useStore } from 'zustand';
import { getFormInfo, saveFormDefinition } from '../../contract/endpoints/smart-form';
import {
  CHOICE_TYPES,
  definitionProblems,
  FIELD_TYPES,
  type FieldType,
  type FormField,
  MAX_FIELDS,
  newField,
} from '../../contract/smart-form';
import { ApiError, callEndpoint } from '../../src/lib/http';
import { confirmDialog, showToast } from '../../src/lib/notify';
import { endpointQuery, invalidateAreas } from '../../src/lib/query-options';
import { SortableList, useSortableItem } from '../../src/lib/sortable-list';
import { useUnsavedGuard } from '../../src/lib/use-unsaved-guard';
import { HistoryToolbar, useHistoryShortcuts } from '../toolbar/history-toolbar';
import {
  type BuilderStep,
  type BuilderStore,
  createBuilderStore,
  fieldId,
  undoRedoSteps,
} from './builder-store';
import { FieldControl } from './field-control';
import { PhonePreview } from './phone-preview';
import { PropertyPanel } from './property-panel';

function fieldName(intl: IntlShape, type: FieldType): string {
  return intl.formatMessage({ id: `smartForm.field.${type}` });
}

function stepText(intl: IntlShape, step: BuilderStep): string {
  return intl.formatMessage({ id: `smartForm.history.${step.action}` }, { field: step.fieldLabel ?? '' });
}

/** Problems with the field settings, in words, or null when the form can be saved. */
function settingsProblem(intl: IntlShape, fields: readonly FormField[]): string | null {
  const unlabelled = fields.findIndex((field) => field.label.trim() === '');
  if (unlabelled !== -1)
    return intl.formatMessage(
      { id: 'smartForm.problem.label' },
      { field: fieldName(intl, fields[unlabelled]!.type) },
    );
  const [problem] = definitionProblems({ fields });
  if (!problem) return null;
  return intl.formatMessage(
    { id: `smartForm.problem.${problem.rule}` },
    { field: fields[problem.index]?.label ?? '' },
  );
}

function useBuilder<T>(store: BuilderStore, pick: (state: ReturnType<BuilderStore['getState']>) => T): T {
  return useStore(store, pick);
}

function CanvasRow({
  store,
  field,
  index,
  count,
}: {
  store: BuilderStore;
  field: FormField;
  index: number;
  count: number;
}) {
  const intl = useIntl();
  const selected = useBuilder(store, (state) => state.selection === field.id);
  const sortable = useSortableItem(field.id);
  const actions = store.getState();
  const name = { field: field.label };
  return (
    <Box
      ref={sortable.ref}
      as="li"
      listStyleType="none"
      borderWidth="1px"
      borderRadius="md"
      borderColor={selected ? 'blue.500' : 'transparent'}
      bg={selected ? 'blue.50' : 'white'}
      padding="2"
      opacity={sortable.isDragging ? 0.5 : 1}
      style={sortable.style}
      data-testid={`canvas-field-${index}`}
      onKeyDown={(event) => {
        if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
        event.preventDefault();
        actions.moveBy(field.id, event.key === 'ArrowUp' ? -1 : 1);
      }}
    >
      <HStack gap="1" marginBottom="1">
        <IconButton
          {...sortable.handleProps}
          size="2xs"
          variant="ghost"
          cursor="grab"
          aria-label={intl.formatMessage({ id: 'smartForm.drag' }, name)}
        >
          <span aria-hidden="true">⠿</span>
        </IconButton>
        <Button
          flex="1"
          size="2xs"
          variant="ghost"
          justifyContent="flex-start"
          aria-pressed={selected}
          aria-label={intl.formatMessage({ id: 'smartForm.selectField' }, name)}
          onClick={() => actions.select(field.id)}
        >
          <Text as="span" fontSize="xs" color="fg.muted" truncate>
            {fieldName(intl, field.type)}
          </Text>
        </Button>
        <IconButton
          size="2xs"
          variant="ghost"
          disabled={index === 0}
          aria-label={intl.formatMessage({ id: 'smartForm.moveUp' }, name)}
          onClick={() => actions.moveBy(field.id, -1)}
        >
          <span aria-hidden="true">↑</span>
        </IconButton>
        <IconButton
          size="2xs"
          variant="ghost"
          disabled={index === count - 1}
          aria-label={intl.formatMessage({ id: 'smartForm.moveDown' }, name)}
          onClick={() => actions.moveBy(field.id, 1)}
        >
          <span aria-hidden="true">↓</span>
        </IconButton>
        <IconButton
          size="2xs"
          variant="ghost"
          aria-label={intl.formatMessage({ id: 'smartForm.duplicate' }, name)}
          onClick={() => actions.duplicate(field.id)}
        >
          <span aria-hidden="true">⧉</span>
        </IconButton>
        <IconButton
          size="2xs"
          variant="ghost"
          colorPalette="red"
          aria-label={intl.formatMessage({ id: 'smartForm.remove' }, name)}
          onClick={() => actions.remove(field.id)}
        >
          <span aria-hidden="true">✕</span>
        </IconButton>
      </HStack>
      {/* The canvas shows each field as the buyer will see it; selecting happens on the row. */}
      <Box inert onClick={() => actions.select(field.id)}>
        <FieldControl field={field} value={undefined} onChange={() => {}} readOnly />
      </Box>
    </Box>
  );
}

function Canvas({ store }: { store: BuilderStore }) {
  const intl = useIntl();
  const fields = useBuilder(store, (state) => state.history.fields);
  return (
    <SortableList
      ids={fields.map((field) => field.id)}
      nameOf={(id) => fields.find((field) => field.id === id)?.label ?? ''}
      onMove={(id, toIndex) => store.getState().move(id, toIndex)}
    >
      <Stack
        as="ol"
        gap="1"
        padding="2"
        aria-label={intl.formatMessage({ id: 'smartForm.canvas' })}
        data-testid="form-canvas"
      >
        {fields.length === 0 && (
          <Text as="li" listStyleType="none" fontSize="sm" color="fg.muted" padding="4" textAlign="center">
            <FormattedMessage id="smartForm.canvasEmpty" />
          </Text>
        )}
        {fields.map((field, index) => (
          <CanvasRow key={field.id} store={store} field={field} index={index} count={fields.length} />
        ))}
      </Stack>
    </SortableList>
  );
}

function Palette({ store }: { store: BuilderStore }) {
  const intl = useIntl();
  const add = (type: FieldType) => {
    const label = fieldName(intl, type);
    const options = CHOICE_TYPES.includes(type)
      ? [1, 2].map((number) => intl.formatMessage({ id: 'smartForm.defaultOption' }, { number }))
      : [];
    if (!store.getState().add(newField(type, fieldId(), label, options)))
      showToast('error', intl.formatMessage({ id: 'smartForm.tooManyFields' }, { max: MAX_FIELDS }));
  };
  return (
    <Stack as="section" gap="2" width="44" flexShrink={0} aria-labelledby="smart-form-palette">
      <Heading as="h2" size="sm" id="smart-form-palette">
        <FormattedMessage id="smartForm.palette" />
      </Heading>
      <Stack gap="1">
        {FIELD_TYPES.map((type) => (
          <Button
            key={type}
            size="xs"
            variant="outline"
            justifyContent="flex-start"
            aria-label={intl.formatMessage({ id: 'smartForm.paletteAdd' }, { field: fieldName(intl, type) })}
            onClick={() => add(type)}
          >
            {fieldName(intl, type)}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}

/** The builder's undo, redo and save, named by the step each would change. */
function BuilderToolbar({
  store,
  saving,
  onSave,
  children,
}: {
  store: BuilderStore;
  saving: boolean;
  onSave(): void;
  children: ReactNode;
}) {
  const intl = useIntl();
  // Re-render on every history change so the labels follow.
  useBuilder(store, (state) => state.history);
  const { undo, redo } = undoRedoSteps(store);
  useHistoryShortcuts({
    undo: () => store.getState().undo(),
    redo: () => store.getState().redo(),
    save: onSave,
  });
  return (
    <HistoryToolbar
      canUndo={undo !== null}
      canRedo={redo !== null}
      undoStep={undo && stepText(intl, undo)}
      redoStep={redo && stepText(intl, redo)}
      saving={saving}
      onUndo={() => store.getState().undo()}
      onRedo={() => store.getState().redo()}
      onSave={onSave}
    >
      {children}
    </HistoryToolbar>
  );
}

/** The builder's screen for a loaded form. */
export function FormEditor({
  formId,
  name,
  version,
  initial,
  onBack,
}: {
  formId: number;
  name: string;
  version: number;
  initial: FormField[];
  onBack(): void;
}) {
  const intl = useIntl();
  const client = useQueryClient();
  const [store] = useState(() => createBuilderStore({ definition: { fields: initial } }));
  const [saved, setSaved] = useState({ version, fields: initial });
  const [saving, setSaving] = useState(false);
  const [mode, setMode] = useState<'design' | 'fill'>('design');
  const fields = useBuilder(store, (state) => state.history.fields);
  const dirty = fields !== saved.fields;
  useUnsavedGuard(dirty);

  const save = async (basedOn: number) => {
    const problem = settingsProblem(intl, fields);
    if (problem) {
      showToast('error', intl.formatMessage({ id: 'smartForm.problems' }, { detail: problem }));
      return;
    }
    setSaving(true);
    try {
      const result = await callEndpoint(saveFormDefinition, {
        Id: formId,
        Definition: { fields },
        Version: basedOn,
      });
      setSaved({ version: result.Version, fields });
      showToast('success', intl.formatMessage({ id: 'smartForm.saved' }, { version: result.Version }));
      await invalidateAreas(client, getFormInfo);
    } catch (error) {
      const body =
        error instanceof ApiError
          ? (error.body as { StaleVersion?: boolean; CurrentVersion?: number })
          : undefined;
      if (body?.StaleVersion && body.CurrentVersion) {
        const overwrite = await confirmDialog({
          title: intl.formatMessage({ id: 'smartForm.confirmTitle' }),
          message: intl.formatMessage({ id: 'smartForm.stale' }),
          confirmText: intl.formatMessage({ id: 'smartForm.confirm' }),
          cancelText: intl.formatMessage({ id: 'smartForm.cancel' }),
        });
        if (overwrite) {
          setSaving(false);
          await save(body.CurrentVersion);
          return;
        }
        const fresh = await callEndpoint(getFormInfo, { Id: formId });
        store.getState().load(fresh.Definition);
        setSaved({ version: fresh.Version, fields: store.getState().history.fields });
      }
    } finally {
      setSaving(false);
    }
  };

  const back = async () => {
    if (
      dirty &&
      !(await confirmDialog({
        title: intl.formatMessage({ id: 'smartForm.confirmTitle' }),
        message: intl.formatMessage({ id: 'smartForm.leave' }),
        confirmText: intl.formatMessage({ id: 'smartForm.confirm' }),
        cancelText: intl.formatMessage({ id: 'smartForm.cancel' }),
      }))
    )
      return;
    onBack();
  };

  return (
    <Stack gap="3" data-testid="form-builder">
      <Flex gap="3" align="center" wrap="wrap">
        <Button size="sm" variant="ghost" onClick={() => void back()}>
          <FormattedMessage id="smartForm.back" />
        </Button>
        <Heading as="h1" size="md" flex="1">
          <FormattedMessage id="smartForm.builderTitle" values={{ name }} />
        </Heading>
        {dirty && (
          <Badge colorPalette="orange">
            <FormattedMessage id="smartForm.unsaved" />
          </Badge>
        )}
        <BuilderToolbar store={store} saving={saving} onSave={() => void save(saved.version)}>
          <Button
            size="sm"
            variant="outline"
            aria-pressed={mode === 'fill'}
            onClick={() => setMode(mode === 'design' ? 'fill' : 'design')}
          >
            <FormattedMessage id={mode === 'design' ? 'smartForm.preview' : 'smartForm.design'} />
          </Button>
        </BuilderToolbar>
      </Flex>
      <Flex gap="4" align="flex-start">
        {mode === 'design' && <Palette store={store} />}
        <Box
          as="section"
          aria-label={intl.formatMessage({ id: 'smartForm.canvas' })}
          width="375px"
          flexShrink={0}
          borderWidth="8px"
          borderColor="gray.800"
          borderRadius="3xl"
          bg="gray.50"
          minHeight="600px"
          maxHeight="720px"
          overflowY="auto"
        >
          <Box bg="white" paddingY="2" textAlign="center" fontWeight="semibold" borderBottomWidth="1px">
            {name}
          </Box>
          {mode === 'design' ? <Canvas store={store} /> : <PhonePreview fields={fields} />}
        </Box>
        {mode === 'design' && <PropertyPanel store={store} />}
      </Flex>
    </Stack>
  );
}

/** The builder of one form: loads it, then edits it until saved. */
export function FormBuilder({ formId, onBack }: { formId: number; onBack(): void }) {
  const info = useQuery({
    ...endpointQuery(getFormInfo, { Id: formId }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!info.data) return <Skeleton height="96" />;
  return (
    <FormEditor
      key={formId}
      formId={formId}
      name={info.data.Name}
      version={info.data.Version}
      initial={info.data.Definition.fields}
      onBack={onBack}
    />
  );
}
