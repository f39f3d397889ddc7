import { Badge, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MENU_TREE } from '../../../contract/menu-tree';
import { rolesAllow, routeTitleKey } from '../../app/route-model';
import { SwitchRoles } from './switch-roles';

const permissionGroup = MENU_TREE.find((node) => node.segment === 'permission');

/** The demo roles and the demo pages each may open (from the route tree's role restrictions). */
export default function RolePermission() {
  const intl = useIntl();
  const roles = [
    { role: 'admin', description: 'permission.adminDescription' },
    { role: 'editor', description: 'permission.editorDescription' },
  ];
  return (
    <Stack gap="4" padding="5" data-testid="role-permission">
      <Heading as="h1" size="lg">
        <FormattedMessage id="route.rolePermission" />
      </Heading>
      <Text color="fg.muted">
        <FormattedMessage id="permission.roleIntro" />
      </Text>
      <SwitchRoles />
      <Table.Root bg="white" size="sm" variant="outline">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>
              <FormattedMessage id="permission.role" />
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <FormattedMessage id="permission.description" />
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <FormattedMessage id="permission.pages" />
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {roles.map(({ role, description }) => (
            <Table.Row key={role}>
              <Table.Cell fontWeight="semibold">{role}</Table.Cell>
              <Table.Cell>
                <FormattedMessage id={description} />
              </Table.Cell>
              <Table.Cell>
                <HStack wrap="wrap" gap="1">
                  {(permissionGroup?.children ?? [])
                    .filter((child) => rolesAllow(child.roles ?? [], [role]))
                    .map((child) => (
                      <Badge key={child.segment} size="sm">
                        {intl.formatMessage({ id: routeTitleKey(child.titleKey ?? child.segment) })}
                      </Badge>
                    ))}
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}
