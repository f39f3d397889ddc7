import { Button } from '@chakra-ui/react';
import { useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ACCEPTED_IMAGE_TYPES } from './upload-rules';

/** A button opening the file chooser for several images at once. */
export function UploadButton({ onFiles, disabled }: { onFiles(files: File[]): void; disabled?: boolean }) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button size="sm" colorPalette="brand" disabled={disabled} onClick={() => input.current?.click()}>
        <FormattedMessage id="imageLibrary.upload" />
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        aria-label={intl.formatMessage({ id: 'imageLibrary.uploadFiles' })}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
