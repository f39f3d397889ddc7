import { Field, Stack } from '@chakra-ui/react';
import { Controller } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { applySmsSignature, type SmsSignature } from '../../contract/endpoints/sms';
import { FormDialog } from '../../src/lib/form-dialog';
import { ImageField } from '../../src/lib/image-library/image-field';
import { errorAt, FormFields } from '../core/form-field';
import { useResourceForm } from '../core/use-resource-form';

interface SignatureDraft {
  Name: string;
  ProofImage: string;
}

/** Applies for the shop's signature, or changes it (reviewed again), with the licence proving it. */
export function SignatureDialog({ signature, onClose }: { signature: SmsSignature | null; onClose(): void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { form, submit } = useResourceForm({
    defaultValues: { Name: signature?.Name ?? '', ProofImage: signature?.ProofImage ?? '' },
    save: applySmsSignature,
    toInput: (draft: SignatureDraft) => ({ ...draft, Version: signature?.Version }),
    savedMessage: 'sms.signature.applied',
    afterSave: () => {
      onClose();
      return undefined;
    },
  });
  const imageError = errorAt(form.formState.errors, 'ProofImage');
  return (
    <FormDialog
      title={t(signature ? 'sms.signature.change' : 'sms.signature.apply')}
      submitLabel={t(signature ? 'sms.signature.change' : 'sms.signature.apply')}
      onSubmit={() => void submit()}
      onClose={onClose}
      busy={form.formState.isSubmitting}
    >
      <Stack gap="4">
        <FormFields
          form={form}
          fields={[
            {
              name: 'Name',
              kind: 'text',
              label: t('sms.signature.field.Name'),
              help: t('sms.signature.field.NameHelp'),
              required: true,
              maxLength: 12,
            },
          ]}
        />
        <Controller
          control={form.control}
          name="ProofImage"
          render={({ field }) => (
            <Field.Root invalid={Boolean(imageError)}>
              <ImageField
                label={t('sms.signature.field.ProofImage')}
                value={field.value}
                onChange={field.onChange}
              />
              <Field.ErrorText color="red.700">{imageError}</Field.ErrorText>
            </Field.Root>
          )}
        />
      </Stack>
    </FormDialog>
  );
}
