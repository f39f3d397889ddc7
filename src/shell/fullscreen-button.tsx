import { IconButton } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { showToast } from '../app/toaster';
import { ExitFullscreenIcon, FullscreenIcon } from './icons';

export function FullscreenButton() {
  const intl = useIntl();
  const [active, setActive] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setActive(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = async () => {
    if (!document.fullscreenEnabled) {
      showToast('info', intl.formatMessage({ id: 'navbar.fullscreenUnsupported' }), 3000);
      return;
    }
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      showToast('info', intl.formatMessage({ id: 'navbar.fullscreenUnsupported' }), 3000);
    }
  };
  return (
    <IconButton
      variant="ghost"
      size="sm"
      aria-label={intl.formatMessage({ id: active ? 'navbar.exitFullscreen' : 'navbar.fullscreen' })}
      aria-pressed={active}
      onClick={toggle}
      data-testid="fullscreen"
    >
      {active ? <ExitFullscreenIcon boxSize="5" /> : <FullscreenIcon boxSize="5" />}
    </IconButton>
  );
}
