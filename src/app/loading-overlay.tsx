import { Box, Spinner, Text, VStack } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';

/** Element's v-loading: a veil with a spinner and 拼命加载中, over its container or the whole page. */
export function LoadingOverlay({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Box
      position={fullScreen ? 'fixed' : 'absolute'}
      inset="0"
      zIndex={fullScreen ? 'overlay' : 'docked'}
      bg="whiteAlpha.900"
      display="flex"
      alignItems="center"
      justifyContent="center"
      role="status"
      aria-live="polite"
      data-testid="loading-overlay"
    >
      <VStack gap="2">
        <Spinner size="lg" color="brand.solid" borderWidth="3px" />
        <Text color="brand.fg" fontSize="sm">
          <FormattedMessage id="loading.text" />
        </Text>
      </VStack>
    </Box>
  );
}
