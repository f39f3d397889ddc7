import {
  Box,
  CloseButton,
  chakra,
  Drawer,
  Flex,
  HStack,
  Portal,
  Stack,
  Switch,
  Text,
} from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { toaster } from '../app/toaster';
import { isHexColor, type Settings, THEME_PRESETS, useSettingsStore } from '../stores/settings-store';

/** How long the compile message stays before it turns into the success message. */
const COMPILE_MESSAGE_MS = 1000;

/** Applies a theme colour with the compile message of vue-element-admin's theme picker. */
function useThemeChange() {
  const intl = useIntl();
  const changeSetting = useSettingsStore((state) => state.changeSetting);
  return (color: string) => {
    if (!isHexColor(color) || color.toLowerCase() === useSettingsStore.getState().theme.toLowerCase()) return;
    const id = toaster.create({
      type: 'loading',
      title: intl.formatMessage({ id: 'settings.compiling' }),
      duration: 10_000,
    });
    // Let the message paint before the whole page restyles.
    window.setTimeout(() => changeSetting('theme', color), 50);
    window.setTimeout(
      () =>
        toaster.update(id, {
          type: 'success',
          title: intl.formatMessage({ id: 'settings.compiled' }),
          duration: 2000,
        }),
      COMPILE_MESSAGE_MS,
    );
  };
}

function SettingSwitch({
  setting,
  label,
}: {
  setting: keyof Omit<Settings, 'theme' | 'showSettings'>;
  label: string;
}) {
  const intl = useIntl();
  const checked = useSettingsStore((state) => state[setting]);
  const changeSetting = useSettingsStore((state) => state.changeSetting);
  return (
    <Switch.Root
      checked={checked}
      onCheckedChange={(details) => changeSetting(setting, details.checked)}
      display="flex"
      justifyContent="space-between"
      width="full"
      data-testid={`setting-${setting}`}
    >
      <Switch.Label fontSize="sm">{intl.formatMessage({ id: label })}</Switch.Label>
      <Switch.HiddenInput />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
    </Switch.Root>
  );
}

/** The right settings panel (SPEC §2, §4, §9); loaded when first opened. Every choice persists. */
export default function SettingsDrawer({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const intl = useIntl();
  const theme = useSettingsStore((state) => state.theme);
  const changeTheme = useThemeChange();
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} size="xs" placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="settings-panel">
            <Drawer.Header>
              <Drawer.Title>
                <FormattedMessage id="settings.title" />
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="6">
                <Box>
                  <Text fontSize="sm" fontWeight="semibold" marginBottom="3" id="theme-label">
                    <FormattedMessage id="settings.theme" />
                  </Text>
                  <Flex wrap="wrap" gap="2" role="group" aria-labelledby="theme-label">
                    {THEME_PRESETS.map((color) => {
                      const selected = color.toLowerCase() === theme.toLowerCase();
                      return (
                        <chakra.button
                          key={color}
                          type="button"
                          width="7"
                          height="7"
                          borderRadius="md"
                          bg={color}
                          cursor="pointer"
                          outline={selected ? '2px solid' : undefined}
                          outlineColor="gray.800"
                          outlineOffset="2px"
                          _focusVisible={{
                            outline: '2px solid',
                            outlineColor: 'brand.focusRing',
                            outlineOffset: '2px',
                          }}
                          aria-label={intl.formatMessage({ id: 'settings.themePreset' }, { color })}
                          aria-pressed={selected}
                          onClick={() => changeTheme(color)}
                          data-testid={`theme-${color}`}
                        />
                      );
                    })}
                  </Flex>
                  <HStack marginTop="3" gap="3">
                    <chakra.input
                      type="color"
                      value={theme.toLowerCase()}
                      onChange={(event) => changeTheme(event.target.value)}
                      width="10"
                      height="8"
                      padding="0"
                      borderWidth="1px"
                      borderRadius="md"
                      cursor="pointer"
                      aria-label={intl.formatMessage({ id: 'settings.themeCustom' })}
                    />
                    <Text fontSize="sm" fontFamily="mono" color="fg.muted" data-testid="theme-value">
                      {theme.toUpperCase()}
                    </Text>
                  </HStack>
                </Box>
                <SettingSwitch setting="tagsView" label="settings.tagsView" />
                <SettingSwitch setting="fixedHeader" label="settings.fixedHeader" />
                <SettingSwitch setting="sidebarLogo" label="settings.sidebarLogo" />
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'app.close' })} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
