import { Field, Heading, Input, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useStore } from 'zustand';
import {
  AGREEMENT_MAX,
  CHOICE_TYPES,
  type FormField,
  LABEL_MAX,
  LENGTH_TYPES,
  MAX_IMAGES,
  PLACEHOLDER_MAX,
} from '../../contract/smart-form';
import type { BuilderStore } from './builder-store';

type Patch = Partial<Omit<FormField, 'id' | 'type'>>;

function parseOptions(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

function numberOrNull(text: string): number | null {
  if (text.trim() === '') return null;
  const number = Number(text);
  return Number.isInteger(number) && number >= 0 ? number : null;
}

/** The min/max pair's labels for a field type, or null when the type has no limits. */
function limitLabels(field: FormField): [string, string] | null {
  if (LENGTH_TYPES.includes(field.type)) return ['smartForm.prop.minLength', 'smartForm.prop.maxLength'];
  if (field.type === 'number') return ['smartForm.prop.min', 'smartForm.prop.max'];
  if (field.type === 'checkbox') return ['smartForm.prop.minChoices', 'smartForm.prop.maxChoices'];
  return null;
}

function Settings({ field, update }: { field: FormField; update(patch: Patch): void }) {
  const intl = useIntl();
  // Options are edited as text so blank lines can be typed; the field keeps the non-blank ones.
  // An undo or redo that changes them brings the text back in step.
  const [optionsText, setOptionsText] = useState(field.options.join('\n'));
  if (parseOptions(optionsText).join('\n') !== field.options.join('\n'))
    setOptionsText(field.options.join('\n'));
  const limits = limitLabels(field);
  const answers = field.type !== 'section';
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        <FormattedMessage
          id="smartForm.prop.type"
          values={{ type: intl.formatMessage({ id: `smartForm.field.${field.type}` }) }}
        />
      </Text>
      <Field.Root required invalid={field.label.trim() === ''}>
        <Field.Label>
          <FormattedMessage id="smartForm.prop.label" />
        </Field.Label>
        <Input
          size="sm"
          value={field.label}
          maxLength={LABEL_MAX}
          onChange={(event) => update({ label: event.target.value })}
        />
      </Field.Root>
      {answers && !['radio', 'checkbox', 'region', 'image', 'agreement'].includes(field.type) && (
        <Field.Root>
          <Field.Label>
            <FormattedMessage id="smartForm.prop.placeholder" />
          </Field.Label>
          <Input
            size="sm"
            value={field.placeholder}
            maxLength={PLACEHOLDER_MAX}
            onChange={(event) => update({ placeholder: event.target.value })}
          />
        </Field.Root>
      )}
      {answers && (
        <Switch.Root
          size="sm"
          checked={field.required}
          onCheckedChange={(details) => update({ required: details.checked })}
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>
            <FormattedMessage id="smartForm.prop.required" />
          </Switch.Label>
        </Switch.Root>
      )}
      {CHOICE_TYPES.includes(field.type) && (
        <Field.Root invalid={field.options.length === 0}>
          <Field.Label>
            <FormattedMessage id="smartForm.prop.options" />
          </Field.Label>
          <Textarea
            size="sm"
            rows={5}
            value={optionsText}
            onChange={(event) => {
              setOptionsText(event.target.value);
              update({ options: parseOptions(event.target.value) });
            }}
          />
        </Field.Root>
      )}
      {limits &&
        (['min', 'max'] as const).map((bound, index) => (
          <Field.Root key={bound}>
            <Field.Label>
              <FormattedMessage id={limits[index]!} />
            </Field.Label>
            <Input
              size="sm"
              inputMode="numeric"
              value={field[bound] ?? ''}
              onChange={(event) => update({ [bound]: numberOrNull(event.target.value) })}
            />
          </Field.Root>
        ))}
      {field.type === 'image' && (
        <Field.Root>
          <Field.Label>
            <FormattedMessage id="smartForm.prop.maxImages" />
          </Field.Label>
          <Input
            size="sm"
            type="number"
            min={1}
            max={MAX_IMAGES}
            value={field.maxImages}
            onChange={(event) =>
              update({ maxImages: Math.min(MAX_IMAGES, Math.max(1, numberOrNull(event.target.value) ?? 1)) })
            }
          />
        </Field.Root>
      )}
      {field.type === 'date' &&
        (['minDate', 'maxDate'] as const).map((bound) => (
          <Field.Root key={bound}>
            <Field.Label>
              <FormattedMessage id={`smartForm.prop.${bound}`} />
            </Field.Label>
            <Input
              size="sm"
              type="date"
              value={field[bound] ?? ''}
              onChange={(event) => update({ [bound]: event.target.value || null })}
            />
          </Field.Root>
        ))}
      {field.type === 'agreement' && (
        <Field.Root>
          <Field.Label>
            <FormattedMessage id="smartForm.prop.agreement" />
          </Field.Label>
          <Textarea
            size="sm"
            rows={5}
            maxLength={AGREEMENT_MAX}
            value={field.agreement}
            onChange={(event) => update({ agreement: event.target.value })}
          />
        </Field.Root>
      )}
    </Stack>
  );
}

/** The selected field's settings; every change is a step of the builder's history. */
export function PropertyPanel({ store }: { store: BuilderStore }) {
  const field = useStore(store, (state) =>
    state.history.fields.find((entry) => entry.id === state.selection),
  );
  return (
    <Stack as="section" gap="3" flex="1" minWidth="60" maxWidth="80" aria-labelledby="smart-form-properties">
      <Heading as="h2" size="sm" id="smart-form-properties">
        <FormattedMessage id="smartForm.properties" />
      </Heading>
      {field ? (
        <Settings key={field.id} field={field} update={(patch) => store.getState().update(field.id, patch)} />
      ) : (
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="smartForm.noSelection" />
        </Text>
      )}
    </Stack>
  );
}
