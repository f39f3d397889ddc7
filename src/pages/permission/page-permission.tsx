import { Heading, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { SwitchRoles } from './switch-roles';

export default function PagePermission() {
  return (
    <Stack gap="4" padding="5" data-testid="page-permission">
      <Heading as="h1" size="lg">
        <FormattedMessage id="route.pagePermission" />
      </Heading>
      <Text color="fg.muted">
        <FormattedMessage id="permission.pageIntro" />
      </Text>
      <SwitchRoles />
    </Stack>
  );
}
