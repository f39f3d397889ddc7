import { Badge, Box, Heading, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { Permitted } from './permitted';
import { SwitchRoles } from './switch-roles';

function Block({ label, palette, testId }: { label: string; palette: string; testId: string }) {
  return (
    <Box
      bg="white"
      borderRadius="md"
      padding="4"
      borderStartWidth="4px"
      borderColor={`${palette}.500`}
      data-testid={testId}
    >
      <Badge colorPalette={palette} size="md">
        <FormattedMessage id={label} />
      </Badge>
    </Box>
  );
}

export default function DirectivePermission() {
  return (
    <Stack gap="4" padding="5" data-testid="directive-permission">
      <Heading as="h1" size="lg">
        <FormattedMessage id="route.directivePermission" />
      </Heading>
      <Text color="fg.muted">
        <FormattedMessage id="permission.directiveIntro" />
      </Text>
      <SwitchRoles />
      <Permitted roles={['admin']}>
        <Block label="permission.onlyAdmin" palette="blue" testId="only-admin" />
      </Permitted>
      <Permitted roles={['editor']}>
        <Block label="permission.onlyEditor" palette="green" testId="only-editor" />
      </Permitted>
      <Permitted roles={['admin', 'editor']}>
        <Block label="permission.adminOrEditor" palette="purple" testId="admin-or-editor" />
      </Permitted>
    </Stack>
  );
}
