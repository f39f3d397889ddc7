import { Button, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useStore } from 'zustand';
import { stepLabel } from '../store/history-step';
import { historyEntries } from '../store/studio-store';
import { useStudioStore } from './studio-context';

/** Every labelled step from opening the template; choosing one travels there. */
export function HistoryPanel() {
  const intl = useIntl();
  const store = useStudioStore();
  // Undo, redo and every new step replace the history slice; the entries are read fresh after it.
  useStore(store, (state) => state.history);
  const { steps, current } = historyEntries(store);
  const travel = store.getState().travel;
  return (
    <Stack gap="1" as="ol" listStyleType="none" data-testid="history-panel">
      {steps.map((step, index) => {
        const label = stepLabel(step);
        const block = label.block ? intl.formatMessage({ id: label.block.key }, label.block.params) : '';
        const text = intl.formatMessage({ id: label.key }, { block });
        return (
          // Steps have no ids; their place in the history is what travelling uses.
          // biome-ignore lint/suspicious/noArrayIndexKey: history steps are positional
          <li key={index}>
            <Button
              size="xs"
              width="full"
              justifyContent="flex-start"
              variant={index === current ? 'subtle' : 'ghost'}
              colorPalette={index === current ? 'blue' : 'gray'}
              opacity={index > current ? 0.55 : 1}
              aria-current={index === current ? 'step' : undefined}
              onClick={() => travel(index - current)}
            >
              <Text as="span" color="fg.muted" width="6" textAlign="end">
                {index}
              </Text>
              <Text as="span" lineClamp={1}>
                {text}
              </Text>
            </Button>
          </li>
        );
      })}
      <Text fontSize="xs" color="fg.muted" marginTop="2">
        <FormattedMessage id="studio.history.hint" />
      </Text>
    </Stack>
  );
}
