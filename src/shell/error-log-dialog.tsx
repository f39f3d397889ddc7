import { Box, Button, CloseButton, Code, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { parseTime } from '../lib/format';
import { type ErrorLogEntry, useErrorLogStore } from '../stores/error-log-store';

export function ErrorLogList({ logs }: { logs: readonly ErrorLogEntry[] }) {
  if (logs.length === 0) {
    return (
      <Text color="fg.muted">
        <FormattedMessage id="errorLog.empty" />
      </Text>
    );
  }
  return (
    <Stack gap="3" data-testid="error-log-list">
      {[...logs].reverse().map((log) => (
        <Box key={log.id} borderWidth="1px" borderRadius="md" padding="3" fontSize="sm">
          <Stack gap="1">
            <Text>
              <Text as="span" fontWeight="semibold">
                <FormattedMessage id="errorLog.message" />:{' '}
              </Text>
              <Text as="span" color="fg.error">
                {log.message}
              </Text>
            </Text>
            <Text>
              <Text as="span" fontWeight="semibold">
                <FormattedMessage id="errorLog.component" />:{' '}
              </Text>
              {log.component}
            </Text>
            <Text wordBreak="break-all">
              <Text as="span" fontWeight="semibold">
                <FormattedMessage id="errorLog.url" />:{' '}
              </Text>
              {log.url}
            </Text>
            <Text>
              <Text as="span" fontWeight="semibold">
                <FormattedMessage id="errorLog.time" />:{' '}
              </Text>
              {parseTime(log.time)}
            </Text>
            {log.stack && (
              <details>
                <summary>
                  <FormattedMessage id="errorLog.stack" />
                </summary>
                <Code
                  display="block"
                  whiteSpace="pre-wrap"
                  padding="2"
                  marginTop="1"
                  fontSize="xs"
                  maxHeight="48"
                  overflowY="auto"
                >
                  {log.stack}
                </Code>
              </details>
            )}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

export default function ErrorLogDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const logs = useErrorLogStore((state) => state.logs);
  const clear = useErrorLogStore((state) => state.clearErrorLog);
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && onClose()}
      size="xl"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="error-log-dialog">
            <Dialog.Header>
              <Dialog.Title>
                <FormattedMessage id="errorLog.title" />
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <ErrorLogList logs={logs} />
            </Dialog.Body>
            <Dialog.Footer>
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  clear();
                  onClose();
                }}
              >
                <FormattedMessage id="errorLog.clear" />
              </Button>
              <Button size="sm" onClick={onClose}>
                <FormattedMessage id="app.close" />
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'app.close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
