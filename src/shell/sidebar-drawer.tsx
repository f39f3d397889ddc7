import { Drawer, Portal } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { SIDEBAR_WIDTH, Sidebar } from './sidebar';

/**
 * The sidebar as a drawer: on phones, and over full-window pages. Loaded only there, so the desktop
 * shell's first screen does not carry the drawer machinery.
 */
export default function SidebarDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Drawer.Root
      open={open}
      placement="start"
      size="xs"
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content
            maxWidth={`${SIDEBAR_WIDTH}px`}
            bg="sidebar.bg"
            aria-label={intl.formatMessage({ id: 'navbar.sidebar' })}
          >
            <Sidebar collapsed={false} onNavigate={onClose} />
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
