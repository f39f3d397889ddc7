import { Box, Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MAX_UPLOAD_LABEL } from './upload-rules';
import type { UploadItem } from './use-upload-queue';

function StatusText({ item }: { item: UploadItem }) {
  const { state } = item;
  if (state.status === 'waiting') return <FormattedMessage id="imageLibrary.upload.waiting" />;
  if (state.status === 'sending')
    return <FormattedMessage id="imageLibrary.upload.progress" values={{ percent: state.percent }} />;
  if (state.status === 'done') return <FormattedMessage id="imageLibrary.upload.done" />;
  if (state.status === 'refused')
    return state.reason === 'type' ? (
      <FormattedMessage id="imageLibrary.upload.typeRefused" />
    ) : (
      <FormattedMessage id="imageLibrary.upload.tooLarge" values={{ limit: MAX_UPLOAD_LABEL }} />
    );
  return <FormattedMessage id="imageLibrary.upload.failed" values={{ reason: state.message }} />;
}

function percentOf(item: UploadItem): number {
  if (item.state.status === 'sending') return item.state.percent;
  return item.state.status === 'done' ? 100 : 0;
}

/** Each file of an upload batch with its progress or its own error. */
export function UploadList({ items, onClear }: { items: readonly UploadItem[]; onClear(): void }) {
  const intl = useIntl();
  if (items.length === 0) return null;
  const finished = items.some((item) => item.state.status !== 'waiting' && item.state.status !== 'sending');
  return (
    <Stack
      gap="1"
      borderWidth="1px"
      borderRadius="md"
      padding="2"
      aria-label={intl.formatMessage({ id: 'imageLibrary.uploads' })}
      role="region"
    >
      <HStack justify="space-between">
        <Text fontWeight="semibold" fontSize="sm">
          <FormattedMessage id="imageLibrary.uploads" />
        </Text>
        {finished && (
          <Button size="xs" variant="ghost" onClick={onClear}>
            <FormattedMessage id="imageLibrary.upload.dismiss" />
          </Button>
        )}
      </HStack>
      <Stack as="ul" gap="1" listStyleType="none" margin="0">
        {items.map((item) => {
          const failed = item.state.status === 'refused' || item.state.status === 'failed';
          return (
            <Box as="li" key={item.key} data-testid="upload-item" data-status={item.state.status}>
              <HStack justify="space-between" fontSize="sm" gap="2">
                <Text truncate>{item.name}</Text>
                <Text
                  color={failed ? 'fg.error' : 'fg.muted'}
                  flexShrink={0}
                  role={failed ? 'alert' : undefined}
                >
                  <StatusText item={item} />
                </Text>
              </HStack>
              {!failed && (
                <Progress.Root
                  size="xs"
                  value={percentOf(item)}
                  aria-label={intl.formatMessage(
                    { id: 'imageLibrary.upload.progressLabel' },
                    { name: item.name },
                  )}
                >
                  <Progress.Track>
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
              )}
            </Box>
          );
        })}
      </Stack>
    </Stack>
  );
}
