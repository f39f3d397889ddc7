import { Box, Button, Flex, Heading, HStack, Text, VStack } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';

/** A large status code drawn as a cloud scene, in the spirit of vue-element-admin's error pages. */
function Illustration({ code }: { code: '401' | '404' }) {
  return (
    <svg viewBox="0 0 320 200" width="100%" height="100%" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`sky-${code}`} x1="0" x2="0" y1="0" y2="1">
          <stop offset="0" stopColor="var(--chakra-colors-brand-100)" />
          <stop offset="1" stopColor="var(--chakra-colors-brand-50)" />
        </linearGradient>
      </defs>
      <rect x="0" y="0" width="320" height="200" rx="24" fill={`url(#sky-${code})`} />
      <g fill="white" opacity="0.9">
        <ellipse cx="70" cy="52" rx="34" ry="14" />
        <ellipse cx="92" cy="44" rx="22" ry="14" />
        <ellipse cx="250" cy="64" rx="30" ry="12" />
        <ellipse cx="232" cy="58" rx="18" ry="11" />
      </g>
      <text
        x="160"
        y="132"
        textAnchor="middle"
        fontSize="86"
        fontWeight="800"
        fill="var(--chakra-colors-brand-500)"
        fontFamily="Helvetica, Arial, sans-serif"
      >
        {code}
      </text>
      <rect x="60" y="160" width="200" height="6" rx="3" fill="var(--chakra-colors-brand-200)" />
    </svg>
  );
}

export function ErrorScreen({ code, inLayout = false }: { code: '401' | '404'; inLayout?: boolean }) {
  const navigate = useNavigate();
  const prefix = code === '401' ? 'error401' : 'error404';
  return (
    <Flex
      minHeight={inLayout ? 'calc(100vh - 140px)' : '100vh'}
      align="center"
      justify="center"
      padding="8"
      bg={inLayout ? undefined : 'bg.subtle'}
    >
      <Flex direction={{ base: 'column', md: 'row' }} gap="10" align="center" maxWidth="4xl" width="full">
        <Box width={{ base: '260px', md: '360px' }} height={{ base: '160px', md: '225px' }} flexShrink={0}>
          <Illustration code={code} />
        </Box>
        <VStack align={{ base: 'center', md: 'start' }} gap="3" textAlign={{ base: 'center', md: 'start' }}>
          <Text fontSize="3xl" fontWeight="bold" color="brand.fg">
            <FormattedMessage id={`${prefix}.title`} />
          </Text>
          <Heading as="h1" size="lg" color="fg">
            <FormattedMessage id={`${prefix}.headline`} />
          </Heading>
          <Text color="fg.muted">
            <FormattedMessage id={`${prefix}.text`} />
          </Text>
          <HStack gap="3" marginTop="2">
            {code === '401' && (
              <Button variant="outline" onClick={() => navigate(-1)}>
                <FormattedMessage id="app.back" />
              </Button>
            )}
            <Button onClick={() => navigate('/dashboard')} data-testid="back-home">
              <FormattedMessage id="app.backHome" />
            </Button>
          </HStack>
        </VStack>
      </Flex>
    </Flex>
  );
}
