import { IconButton } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { SettingsIcon } from './icons';

const SettingsDrawer = lazy(() => import('./settings-drawer'));

/**
 * The settings opener and, once opened, the right settings panel (SPEC §2, §4, §9). The opener sits
 * in the navbar because a button fixed at the window's edge covered list toolbars. The panel is
 * loaded on the first opening, so the shell's first screen does not carry the drawer machinery.
 */
export function SettingsPanel() {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <IconButton
        variant="ghost"
        size="sm"
        aria-label={intl.formatMessage({ id: 'navbar.settings' })}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        data-testid="settings-button"
      >
        <SettingsIcon boxSize="5" />
      </IconButton>
      {opened && (
        <Suspense fallback={null}>
          <SettingsDrawer open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
