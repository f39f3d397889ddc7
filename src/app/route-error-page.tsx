import { Button, Center, Heading, Text, VStack } from '@chakra-ui/react';
import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { useRouteError } from 'react-router-dom';
import { describeError, useErrorLogStore } from '../stores/error-log-store';

/** Root error boundary of the router: records the error and offers a way back. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    const { message, stack } = describeError(error);
    useErrorLogStore
      .getState()
      .addErrorLog({ message, component: 'router', url: window.location.href, stack });
  }, [error]);
  return (
    <Center minHeight="100vh" padding="6">
      <VStack gap="4" maxWidth="lg" textAlign="center">
        <Heading size="lg">
          <FormattedMessage id="app.hasError" />
        </Heading>
        <Text color="fg.muted">{describeError(error).message}</Text>
        <Button onClick={() => window.location.assign('/')}>
          <FormattedMessage id="app.backHome" />
        </Button>
      </VStack>
    </Center>
  );
}
