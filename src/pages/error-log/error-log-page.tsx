import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBoundary } from '../../app/error-boundary';
import { RouteErrorFallback } from '../../app/route-error-fallback';
import { ErrorLogList } from '../../shell/error-log-dialog';
import { useErrorLogStore } from '../../stores/error-log-store';

function Exploding({ message }: { message: string }): never {
  throw new Error(message);
}

/** /error-log/log: makes each kind of error on purpose and lists what the log caught. */
export default function ErrorLogPage() {
  const intl = useIntl();
  const logs = useErrorLogStore((state) => state.logs);
  const [explode, setExplode] = useState(false);
  const demo = (kind: string) => intl.formatMessage({ id: 'errorLog.demoError' }, { kind });
  return (
    <Stack gap="4" padding="5" data-testid="error-log-page">
      <Heading as="h1" size="lg">
        <FormattedMessage id="errorLog.title" />
      </Heading>
      <Text color="fg.muted">
        <FormattedMessage id="errorLog.intro" />
      </Text>
      <HStack gap="3" wrap="wrap">
        <Button variant="outline" onClick={() => setExplode(true)} data-testid="throw-render">
          <FormattedMessage id="errorLog.throwRender" />
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            window.setTimeout(() => {
              throw new Error(demo('handler'));
            });
          }}
          data-testid="throw-handler"
        >
          <FormattedMessage id="errorLog.throwHandler" />
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            void Promise.reject(new Error(demo('promise')));
          }}
          data-testid="reject-promise"
        >
          <FormattedMessage id="errorLog.rejectPromise" />
        </Button>
      </HStack>
      <ErrorBoundary
        fallback={() => <RouteErrorFallback onReset={() => setExplode(false)} />}
        resetKey={String(explode)}
      >
        {explode && <Exploding message={demo('render')} />}
      </ErrorBoundary>
      <Box bg="white" borderRadius="md" padding="4">
        <ErrorLogList logs={logs} />
      </Box>
    </Stack>
  );
}
