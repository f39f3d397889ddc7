import { Box, Code, Heading, Text, VStack } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { routeTitleKey } from '../app/route-model';

/** A permitted menu whose screen a later release brings: said plainly, inside the layout. */
export function NotBuiltPage({ path, titleKey }: { path: string; titleKey: string }) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: routeTitleKey(titleKey) });
  return (
    <Box padding={{ base: '4', md: '8' }} data-testid="not-built">
      <VStack
        align="start"
        gap="3"
        bg="white"
        borderRadius="lg"
        borderWidth="1px"
        borderStyle="dashed"
        borderColor="brand.200"
        padding={{ base: '6', md: '10' }}
        maxWidth="3xl"
      >
        <Heading as="h1" size="lg">
          {title}
        </Heading>
        <Text fontWeight="semibold" color="brand.fg">
          <FormattedMessage id="notBuilt.title" />
        </Text>
        <Text color="fg.muted">
          <FormattedMessage id="notBuilt.text" values={{ title, path }} />
        </Text>
        <Code>{path}</Code>
      </VStack>
    </Box>
  );
}
