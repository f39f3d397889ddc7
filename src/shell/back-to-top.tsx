import { IconButton } from '@chakra-ui/react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { ArrowUpIcon } from './icons';
import { BACK_TO_TOP_TICK_MS, backToTopPositions } from './menu-model';

/** SPEC §9: shown after 200 px of scrolling; 40×40 px, 200 px from the right, 100 px from the bottom. */
export const BACK_TO_TOP_VISIBILITY = 200;

export function BackToTop({ container }: { container: RefObject<HTMLElement | null> }) {
  const intl = useIntl();
  const [visible, setVisible] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const onScroll = () => setVisible(element.scrollTop > BACK_TO_TOP_VISIBILITY);
    onScroll();
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      element.removeEventListener('scroll', onScroll);
      window.clearInterval(timer.current);
    };
  }, [container]);
  const scrollUp = () => {
    const element = container.current;
    if (!element || timer.current !== undefined) return;
    const positions = backToTopPositions(element.scrollTop);
    let index = 0;
    timer.current = window.setInterval(() => {
      element.scrollTop = positions[index] ?? 0;
      index += 1;
      if (index >= positions.length) {
        window.clearInterval(timer.current);
        timer.current = undefined;
      }
    }, BACK_TO_TOP_TICK_MS);
  };
  if (!visible) return null;
  return (
    <IconButton
      position="fixed"
      right="200px"
      bottom="100px"
      width="40px"
      height="40px"
      minWidth="40px"
      borderRadius="md"
      zIndex="sticky"
      boxShadow="md"
      aria-label={intl.formatMessage({ id: 'backToTop.label' })}
      onClick={scrollUp}
      data-testid="back-to-top"
    >
      <ArrowUpIcon boxSize="5" />
    </IconButton>
  );
}
