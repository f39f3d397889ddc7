import {
  Box,
  Button,
  Checkbox,
  CloseButton,
  Field,
  HStack,
  Image,
  Input,
  NativeSelect,
  RadioGroup,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { initArea } from '../../contract/endpoints/comm';
import type { FieldType, FormField } from '../../contract/smart-form';
import { endpointQuery } from '../../src/lib/query-options';

export interface FieldControlProps {
  field: FormField;
  value: unknown;
  onChange(value: unknown): void;
  /** The designer's canvas shows the controls without taking answers. */
  readOnly: boolean;
  error?: string;
}

const asText = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';
const asList = (value: unknown) => (Array.isArray(value) ? (value as string[]) : []);

function Choose({
  label,
  value,
  options,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly string[];
  disabled: boolean;
  onChange(value: string): void;
}) {
  const intl = useIntl();
  return (
    <NativeSelect.Root size="sm" disabled={disabled}>
      <NativeSelect.Field aria-label={label} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{intl.formatMessage({ id: 'smartForm.phone.choose' })}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** Province, city and district pickers fed by the area tree the server serves. */
function RegionControl({ field, value, onChange, readOnly, id }: FieldControlProps & { id: string }) {
  const intl = useIntl();
  const areas = useQuery({
    ...endpointQuery(initArea, {}),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: !readOnly,
  });
  const [province = '', city = '', district = ''] = asList(value);
  const provinces = areas.data?.Data ?? [];
  const cities = provinces.find((entry) => entry.Name === province)?.Children ?? [];
  const districts = cities.find((entry) => entry.Name === city)?.Children ?? [];
  const name = (part: string) => `${field.label} ${intl.formatMessage({ id: `smartForm.phone.${part}` })}`;
  return (
    <HStack gap="1" role="group" aria-labelledby={`${id}-label`}>
      <Choose
        label={name('province')}
        value={province}
        options={provinces.map((entry) => entry.Name)}
        disabled={readOnly}
        onChange={(next) => onChange(next ? [next, '', ''] : [])}
      />
      <Choose
        label={name('city')}
        value={city}
        options={cities.map((entry) => entry.Name)}
        disabled={readOnly || !province}
        onChange={(next) => onChange([province, next, ''])}
      />
      <Choose
        label={name('district')}
        value={district}
        options={districts.map((entry) => entry.Name)}
        disabled={readOnly || !city}
        onChange={(next) => onChange([province, city, next])}
      />
    </HStack>
  );
}

/** Pictures picked on this device; the preview keeps them local and never uploads. */
function ImageControl({ field, value, onChange, readOnly, id }: FieldControlProps & { id: string }) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const images = asList(value);
  return (
    <Stack gap="2" role="group" aria-labelledby={`${id}-label`}>
      <HStack gap="2" wrap="wrap">
        {images.map((url, index) => (
          <Box key={url} position="relative">
            <Image
              src={url}
              alt={intl.formatMessage({ id: 'smartForm.phone.image' }, { number: index + 1 })}
              boxSize="14"
              objectFit="cover"
              borderRadius="md"
            />
            <CloseButton
              size="2xs"
              position="absolute"
              top="-2"
              right="-2"
              aria-label={intl.formatMessage({ id: 'smartForm.phone.removeImage' }, { number: index + 1 })}
              onClick={() => onChange(images.filter((_, kept) => kept !== index))}
            />
          </Box>
        ))}
      </HStack>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          onChange([...images, ...files.map((file) => URL.createObjectURL(file))]);
          event.target.value = '';
        }}
      />
      <Button
        size="xs"
        variant="outline"
        alignSelf="flex-start"
        disabled={readOnly}
        onClick={() => input.current?.click()}
      >
        <FormattedMessage
          id="smartForm.phone.addImages"
          values={{ count: images.length, max: field.maxImages }}
        />
      </Button>
    </Stack>
  );
}

function Control(props: FieldControlProps & { id: string }) {
  const { field, value, onChange, readOnly, id } = props;
  const text = asText(value);
  const common = { size: 'sm' as const, placeholder: field.placeholder, readOnly };
  switch (field.type) {
    case 'text':
    case 'phone':
    case 'email':
    case 'number':
    case 'date':
    case 'time': {
      const type = { text: 'text', phone: 'tel', email: 'email', number: 'text', date: 'date', time: 'time' }[
        field.type
      ];
      return (
        <Input
          {...common}
          type={type}
          inputMode={field.type === 'number' ? 'decimal' : field.type === 'phone' ? 'tel' : undefined}
          min={field.type === 'date' ? (field.minDate ?? undefined) : undefined}
          max={field.type === 'date' ? (field.maxDate ?? undefined) : undefined}
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    }
    case 'textarea':
      return (
        <Textarea {...common} rows={3} value={text} onChange={(event) => onChange(event.target.value)} />
      );
    case 'select':
      return (
        <NativeSelect.Root size="sm" disabled={readOnly}>
          <NativeSelect.Field value={text} onChange={(event) => onChange(event.target.value)}>
            <option value="">{field.placeholder || '—'}</option>
            {field.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      );
    case 'radio':
      return (
        <RadioGroup.Root
          size="sm"
          value={text || null}
          disabled={readOnly}
          aria-labelledby={`${id}-label`}
          onValueChange={(details) => onChange(details.value ?? '')}
        >
          <Stack gap="1">
            {field.options.map((option) => (
              <RadioGroup.Item key={option} value={option}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{option}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
      );
    case 'checkbox': {
      const chosen = asList(value);
      return (
        <Stack gap="1" role="group" aria-labelledby={`${id}-label`}>
          {field.options.map((option) => (
            <Checkbox.Root
              key={option}
              size="sm"
              disabled={readOnly}
              checked={chosen.includes(option)}
              onCheckedChange={(details) =>
                onChange(
                  details.checked === true ? [...chosen, option] : chosen.filter((entry) => entry !== option),
                )
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{option}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      );
    }
    case 'region':
      return <RegionControl {...props} />;
    case 'image':
      return <ImageControl {...props} />;
    case 'agreement':
      return (
        <Stack gap="1">
          {field.agreement && (
            <Text fontSize="xs" color="fg.muted" whiteSpace="pre-wrap" maxHeight="24" overflowY="auto">
              {field.agreement}
            </Text>
          )}
          <Checkbox.Root
            size="sm"
            disabled={readOnly}
            checked={value === true}
            onCheckedChange={(details) => onChange(details.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              <FormattedMessage id="smartForm.phone.accept" /> {field.label}
            </Checkbox.Label>
          </Checkbox.Root>
        </Stack>
      );
    default:
      return null;
  }
}

const SINGLE_CONTROL: readonly FieldType[] = [
  'text',
  'textarea',
  'number',
  'phone',
  'email',
  'date',
  'time',
  'select',
];

/** One field as the mini-program shows it: label, control, and the broken rule's message. */
export function FieldControl(props: FieldControlProps) {
  const id = useId();
  const { field, error } = props;
  if (field.type === 'section')
    return (
      <Text
        fontWeight="semibold"
        fontSize="md"
        borderLeftWidth="3px"
        borderColor="brand.solid"
        paddingLeft="2"
      >
        {field.label}
      </Text>
    );
  // One control takes the field's label; groups (choices, region, images, agreement) name
  // their own controls and are labelled by the title, so no two inputs share the field's ids.
  if (SINGLE_CONTROL.includes(field.type))
    return (
      <Field.Root
        invalid={Boolean(error)}
        required={field.required}
        gap="1"
        ids={{ control: id, label: `${id}-label` }}
      >
        <Field.Label fontSize="sm">
          {field.label}
          <Field.RequiredIndicator />
        </Field.Label>
        <Control {...props} id={id} />
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
    );
  return (
    <Stack gap="1">
      {field.type !== 'agreement' && (
        <Text id={`${id}-label`} fontSize="sm" fontWeight="medium">
          {field.label}
          {field.required && (
            <Text as="span" color="fg.error" aria-hidden="true">
              {' *'}
            </Text>
          )}
        </Text>
      )}
      <Control {...props} id={id} />
      {error && (
        <Text fontSize="xs" color="fg.error">
          {error}
        </Text>
      )}
    </Stack>
  );
}
