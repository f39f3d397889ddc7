import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { showToast } from '../app/toaster';
import { CONTROL_SIZES, type ControlSize, useAppStore } from '../stores/app-store';
import { SizeIcon } from './icons';

/** Global size (SPEC §2): default, medium, small, mini; says 'Switch Size Success'. */
export function SizeMenu() {
  const intl = useIntl();
  const size = useAppStore((state) => state.size);
  const setSize = useAppStore((state) => state.setSize);
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton
          variant="ghost"
          size="sm"
          aria-label={intl.formatMessage({ id: 'navbar.size' })}
          data-testid="size-menu"
        >
          <SizeIcon boxSize="5" />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minWidth="32">
            <Menu.RadioItemGroup
              value={size}
              onValueChange={(details) => {
                if (details.value === size) return;
                setSize(details.value as ControlSize);
                showToast('success', intl.formatMessage({ id: 'size.switched' }), 3000);
              }}
            >
              {CONTROL_SIZES.map((option) => (
                <Menu.RadioItem key={option} value={option}>
                  {intl.formatMessage({ id: `size.${option}` })}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
