import { Button, HStack } from '@chakra-ui/react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { isTypingTarget, shortcutCommand } from '../studio/shortcuts';

export interface HistoryCommands {
  undo(): void;
  redo(): void;
  save(): void;
}

/** An open dialog owns the keyboard: the editor underneath must not change behind it. */
export function dialogIsOpen(): boolean {
  return (
    window.document.querySelector(
      '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]',
    ) !== null
  );
}

/**
 * Ctrl/⌘+Z undoes, Ctrl/⌘+Shift+Z or Ctrl/⌘+Y redoes — outside text boxes, which keep their own
 * undo — and Ctrl/⌘+S saves from anywhere instead of the browser saving the page.
 */
export function useHistoryShortcuts(commands: HistoryCommands) {
  // The latest callbacks, so the listener is added once and still saves the current version.
  const latest = useRef(commands);
  latest.current = commands;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || dialogIsOpen()) return;
      const command = shortcutCommand(event);
      if (command !== 'undo' && command !== 'redo' && command !== 'save') return;
      if (command !== 'save' && isTypingTarget(event.target)) return;
      event.preventDefault();
      latest.current[command]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/**
 * Undo, redo and save over an editor's labelled history. A known step names the button ("Undo:
 * Delete Drop-down") so the user hears what it will undo; `children` sit between redo and save.
 */
export function HistoryToolbar({
  canUndo,
  canRedo,
  undoStep,
  redoStep,
  saving,
  onUndo,
  onRedo,
  onSave,
  children,
}: {
  canUndo: boolean;
  canRedo: boolean;
  /** What undo and redo would change, in words; null when the editor does not label its steps. */
  undoStep?: string | null;
  redoStep?: string | null;
  saving: boolean;
  onUndo(): void;
  onRedo(): void;
  onSave(): void;
  children?: ReactNode;
}) {
  const intl = useIntl();
  const stepName = (id: string, step: string | null | undefined) =>
    step ? intl.formatMessage({ id }, { step }) : undefined;
  const undoName = canUndo ? stepName('toolbar.undoStep', undoStep) : undefined;
  const redoName = canRedo ? stepName('toolbar.redoStep', redoStep) : undefined;
  return (
    <HStack gap="2" wrap="wrap">
      <Button
        size="sm"
        variant="outline"
        disabled={!canUndo}
        aria-label={undoName}
        title={undoName}
        onClick={onUndo}
      >
        {intl.formatMessage({ id: 'toolbar.undo' })}
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={!canRedo}
        aria-label={redoName}
        title={redoName}
        onClick={onRedo}
      >
        {intl.formatMessage({ id: 'toolbar.redo' })}
      </Button>
      {children}
      <Button size="sm" colorPalette="brand" loading={saving} onClick={onSave}>
        {intl.formatMessage({ id: 'toolbar.save' })}
      </Button>
    </HStack>
  );
}
