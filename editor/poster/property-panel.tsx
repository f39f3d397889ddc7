import { Field, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  FONT_FAMILIES,
  type FontFamily,
  isTextElement,
  type PosterElement,
} from '../../contract/poster-document';
import { ImageField } from '../../src/lib/image-library/image-field';
import type { ElementPatch } from './operations';
import { usePoster, usePosterStore } from './poster-context';

/** A number input that lets the field be cleared while typing and reports only numbers. */
function NumberField({
  label,
  value,
  onChange,
  step = 1,
  min,
  max,
  disabled,
}: {
  label: string;
  value: number;
  onChange(value: number): void;
  step?: number;
  min?: number;
  max?: number;
  disabled?: boolean;
}) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  return (
    <Field.Root disabled={disabled}>
      <Field.Label fontSize="xs">{label}</Field.Label>
      <Input
        size="xs"
        type="number"
        step={step}
        min={min}
        max={max}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const number = Number(event.target.value);
          if (event.target.value !== '' && Number.isFinite(number)) {
            onChange(Math.min(max ?? number, Math.max(min ?? number, number)));
          }
        }}
        onBlur={() => setText(String(value))}
      />
    </Field.Root>
  );
}

function SelectField({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange(value: string): void;
}) {
  return (
    <Field.Root>
      <Field.Label fontSize="xs">{label}</Field.Label>
      <NativeSelect.Root size="xs">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function ColourField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <Field.Root>
      <Field.Label fontSize="xs">{label}</Field.Label>
      <Input
        size="xs"
        type="color"
        padding="0.5"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field.Root>
  );
}

function ElementProperties({ element }: { element: PosterElement }) {
  const intl = useIntl();
  const store = usePosterStore();
  const t = (id: string) => intl.formatMessage({ id });
  const disabled = element.locked;
  const rect = { x: element.x, y: element.y, width: element.width, height: element.height };
  const geometry = (field: keyof typeof rect) => (value: number) =>
    store
      .getState()
      .place(
        element.id,
        { ...rect, [field]: value },
        field === 'x' || field === 'y' ? 'move' : 'resize',
        field,
      );
  const update = (field: keyof ElementPatch) => (value: ElementPatch[typeof field]) =>
    store.getState().update(element.id, { [field]: value }, field);
  return (
    <Stack gap="3">
      {disabled && (
        <Text fontSize="xs" color="fg.muted">
          <FormattedMessage id="poster.editor.locked" />
        </Text>
      )}
      <SimpleGrid columns={2} gap="2">
        <NumberField
          label={t('poster.field.x')}
          value={element.x}
          onChange={geometry('x')}
          disabled={disabled}
        />
        <NumberField
          label={t('poster.field.y')}
          value={element.y}
          onChange={geometry('y')}
          disabled={disabled}
        />
        <NumberField
          label={t('poster.field.width')}
          value={element.width}
          min={8}
          onChange={geometry('width')}
          disabled={disabled}
        />
        <NumberField
          label={t('poster.field.height')}
          value={element.height}
          min={8}
          onChange={geometry('height')}
          disabled={disabled}
        />
      </SimpleGrid>
      {isTextElement(element) ? (
        <>
          {element.type === 'text' && (
            <Field.Root>
              <Field.Label fontSize="xs">{t('poster.field.text')}</Field.Label>
              <Textarea
                size="xs"
                rows={3}
                maxLength={500}
                value={element.text}
                onChange={(event) => update('text')(event.target.value)}
              />
            </Field.Root>
          )}
          <SelectField
            label={t('poster.field.fontFamily')}
            value={element.fontFamily}
            options={FONT_FAMILIES.map((family) => ({ value: family, label: family }))}
            onChange={(value) => update('fontFamily')(value as FontFamily)}
          />
          <SimpleGrid columns={2} gap="2">
            <NumberField
              label={t('poster.field.fontSize')}
              value={element.fontSize}
              min={8}
              max={300}
              onChange={(value) => update('fontSize')(Math.round(value))}
            />
            <NumberField
              label={t('poster.field.lineHeight')}
              value={element.lineHeight}
              step={0.1}
              min={0.8}
              max={4}
              onChange={update('lineHeight')}
            />
            <ColourField
              label={t('poster.field.colour')}
              value={element.colour}
              onChange={update('colour')}
            />
            <SelectField
              label={t('poster.field.fontWeight')}
              value={element.fontWeight}
              options={['normal', 'bold'].map((value) => ({
                value,
                label: t(`poster.field.weight.${value}`),
              }))}
              onChange={(value) => update('fontWeight')(value as 'normal' | 'bold')}
            />
          </SimpleGrid>
          <SelectField
            label={t('poster.field.align')}
            value={element.align}
            options={['left', 'center', 'right'].map((value) => ({
              value,
              label: t(`poster.field.align.${value}`),
            }))}
            onChange={(value) => update('align')(value as 'left' | 'center' | 'right')}
          />
        </>
      ) : (
        <>
          {(element.type === 'image' || element.type === 'seal') && (
            <ImageField label={t('poster.field.image')} value={element.src} onChange={update('src')} />
          )}
          <SimpleGrid columns={2} gap="2">
            <NumberField
              label={t('poster.field.radius')}
              value={element.radius}
              min={0}
              max={3000}
              onChange={update('radius')}
            />
            {element.type === 'qrcode' && (
              <ColourField
                label={t('poster.field.qrColour')}
                value={element.colour}
                onChange={update('colour')}
              />
            )}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

/** The selected element's settings, and the background's. */
export function PropertyPanel() {
  const intl = useIntl();
  const store = usePosterStore();
  const selection = usePoster((state) => state.selection);
  const document = usePoster((state) => state.history.document);
  const element =
    selection.length === 1 ? document.elements.find((entry) => entry.id === selection[0]) : undefined;
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Stack gap="4" data-testid="poster-properties">
      <Stack gap="2">
        <Text as="h2" fontWeight="semibold" fontSize="sm">
          {element ? t(`poster.element.${element.type}`) : t('poster.editor.properties')}
        </Text>
        {element ? (
          <ElementProperties key={element.id} element={element} />
        ) : (
          <Text fontSize="xs" color="fg.muted">
            <FormattedMessage id="poster.editor.nothingSelected" />
          </Text>
        )}
      </Stack>
      <Stack gap="2">
        <Text as="h2" fontWeight="semibold" fontSize="sm">
          <FormattedMessage id="poster.editor.background" />
        </Text>
        <ColourField
          label={t('poster.editor.backgroundColour')}
          value={document.background.colour}
          onChange={(colour) => store.getState().setBackground({ colour }, 'colour')}
        />
        <ImageField
          label={t('poster.editor.backgroundImage')}
          value={document.background.image}
          onChange={(image) => store.getState().setBackground({ image }, 'image')}
        />
      </Stack>
    </Stack>
  );
}
