import { Box, Button, Center, Heading, Text, VStack } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';

/** WeChat open-platform authorization comes back here with auth_code (or nothing on refusal). */
export function OpenappCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const success = Boolean(params.get('auth_code'));
  return (
    <Center minHeight="100vh" bg="bg.subtle" padding="6">
      <VStack
        bg="bg.panel"
        padding="10"
        borderRadius="xl"
        boxShadow="md"
        gap="4"
        maxWidth="md"
        textAlign="center"
        role="status"
      >
        <Box
          width="14"
          height="14"
          borderRadius="full"
          bg={success ? 'green.100' : 'orange.100'}
          color={success ? 'green.700' : 'orange.700'}
          display="flex"
          alignItems="center"
          justifyContent="center"
          fontSize="2xl"
          fontWeight="bold"
          aria-hidden="true"
        >
          {success ? '✓' : '!'}
        </Box>
        <Heading as="h1" size="lg">
          <FormattedMessage id={success ? 'openapp.success' : 'openapp.failure'} />
        </Heading>
        <Text color="fg.muted">
          <FormattedMessage id={success ? 'openapp.successText' : 'openapp.failureText'} />
        </Text>
        <Button onClick={() => navigate('/smallRoutine/smallRoutineSupervise')}>
          <FormattedMessage id="openapp.continue" />
        </Button>
      </VStack>
    </Center>
  );
}
