import { Box, Button, Heading, Text, VStack } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';

/** Shown in place of a part of the page that failed to render; the error is in the error log. */
export function RouteErrorFallback({ onReset }: { onReset: () => void }) {
  return (
    <Box padding="8" role="alert">
      <VStack gap="3" align="start" maxWidth="lg">
        <Heading size="md">
          <FormattedMessage id="errorLog.boundaryTitle" />
        </Heading>
        <Text color="fg.muted">
          <FormattedMessage id="errorLog.boundaryText" />
        </Text>
        <Button size="sm" onClick={onReset}>
          <FormattedMessage id="app.retry" />
        </Button>
      </VStack>
    </Box>
  );
}
