import { Box, Code, HStack, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DemoRole } from '../../../contract/enums';
import { queryClient } from '../../app/query-client';
import { showToast } from '../../app/toaster';
import { useSessionStore } from '../../stores/session-store';

type Role = (typeof DemoRole)[keyof typeof DemoRole];

/** SPEC §4 "Changing roles": a new token for the role, user info reloaded, routes rebuilt, tabs closed. */
export function SwitchRoles() {
  const intl = useIntl();
  const roles = useSessionStore((state) => state.roles);
  const [busy, setBusy] = useState(false);
  const current = roles.includes(DemoRole.admin)
    ? DemoRole.admin
    : roles.includes(DemoRole.editor)
      ? DemoRole.editor
      : null;
  const change = async (role: Role) => {
    if (role === current || busy) return;
    setBusy(true);
    try {
      await useSessionStore.getState().switchRole(role);
      queryClient.clear();
      showToast('success', intl.formatMessage({ id: 'permission.switched' }, { role }), 2000);
    } catch {
      // The HTTP layer has shown why the switch was refused.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box
      bg="white"
      borderRadius="md"
      padding="5"
      boxShadow="0 1px 3px rgba(0,0,0,0.06)"
      data-testid="switch-roles"
    >
      <Stack gap="3">
        <Text>
          <FormattedMessage
            id="permission.roles"
            values={{ roles: <Code key="roles">{roles.join(', ')}</Code> }}
          />
        </Text>
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="permission.switchHint" />
        </Text>
        <RadioGroup.Root
          value={current}
          onValueChange={(details) => void change(details.value as Role)}
          disabled={busy}
          aria-label={intl.formatMessage({ id: 'permission.switchRoles' })}
        >
          <HStack gap="6">
            {Object.values(DemoRole).map((role) => (
              <RadioGroup.Item key={role} value={role}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{role}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </HStack>
        </RadioGroup.Root>
      </Stack>
    </Box>
  );
}
