import { Box, Button, Field, HStack, Image, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ImagePickerDialog } from './image-picker-dialog';

/** One image of a form: its thumbnail, "choose from library" and clear. */
export function ImageField({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: string;
  onChange(url: string): void;
  disabled?: boolean;
}) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <HStack gap="2" align="center">
        <Box
          width="16"
          height="16"
          borderWidth="1px"
          borderRadius="sm"
          background="bg.muted"
          display="flex"
          alignItems="center"
          justifyContent="center"
          flexShrink={0}
        >
          {value ? (
            <Image
              src={value}
              alt={intl.formatMessage({ id: 'imageLibrary.field.preview' }, { label })}
              maxWidth="100%"
              maxHeight="100%"
              objectFit="contain"
            />
          ) : (
            <Text fontSize="xs" color="fg.muted" textAlign="center">
              <FormattedMessage id="imageLibrary.field.none" />
            </Text>
          )}
        </Box>
        <Button
          size="sm"
          variant="outline"
          disabled={disabled}
          aria-label={`${intl.formatMessage({ id: 'imageLibrary.field.choose' })}: ${label}`}
          onClick={() => setOpen(true)}
        >
          <FormattedMessage id="imageLibrary.field.choose" />
        </Button>
        {value && (
          <Button
            size="sm"
            variant="ghost"
            disabled={disabled}
            aria-label={`${intl.formatMessage({ id: 'imageLibrary.field.clear' })}: ${label}`}
            onClick={() => onChange('')}
          >
            <FormattedMessage id="imageLibrary.field.clear" />
          </Button>
        )}
      </HStack>
      <ImagePickerDialog
        open={open}
        onClose={() => setOpen(false)}
        onPick={(urls) => {
          setOpen(false);
          if (urls[0]) onChange(urls[0]);
        }}
      />
    </Field.Root>
  );
}
