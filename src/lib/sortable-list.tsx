import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { CSSProperties, ReactNode } from 'react';
import { useIntl } from 'react-intl';

/** Pointer and keyboard sensors for sortable lists, also for a studio context that hosts other drags. */
export function useSortableSensors() {
  return useSensors(
    // A few pixels of travel before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/**
 * A vertical list reordered by dragging a handle with the pointer or the keyboard (Space, arrows,
 * Space), announced to screen readers in the interface language. Rows call `useSortableItem`.
 */
export function SortableList({
  ids,
  nameOf,
  onMove,
  children,
}: {
  ids: readonly string[];
  /** What the announcements call an item. */
  nameOf(id: string): string;
  /** Puts the item at the index the item it was dropped on had. */
  onMove(id: string, toIndex: number): void;
  children: ReactNode;
}) {
  const intl = useIntl();
  const sensors = useSortableSensors();
  const position = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const say = (key: string, active: UniqueIdentifier, at: UniqueIdentifier) =>
    intl.formatMessage(
      { id: key },
      { name: nameOf(String(active)), position: position(at), count: ids.length },
    );
  const announcements: Announcements = {
    onDragStart: ({ active }) => say('sortable.pickedUp', active.id, active.id),
    onDragOver: ({ active, over }) => (over ? say('sortable.over', active.id, over.id) : undefined),
    onDragEnd: ({ active, over }) => (over ? say('sortable.dropped', active.id, over.id) : undefined),
    onDragCancel: ({ active }) =>
      intl.formatMessage({ id: 'sortable.cancelled' }, { name: nameOf(String(active.id)) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const toIndex = ids.indexOf(String(over.id));
    if (toIndex !== -1) onMove(String(active.id), toIndex);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: intl.formatMessage({ id: 'sortable.instructions' }) },
      }}
    >
      <SortableContext items={[...ids]} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** One row of a SortableList: put `ref` and `style` on the row and spread `handleProps` on its handle. */
export function useSortableItem(
  id: string,
  { disabled = false }: { disabled?: boolean } = {},
): {
  ref(node: HTMLElement | null): void;
  style: CSSProperties;
  isDragging: boolean;
  handleProps: Record<string, unknown>;
} {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
  });
  return {
    ref: setNodeRef,
    style: { transform: CSS.Transform.toString(transform), transition },
    isDragging,
    handleProps: { ...attributes, ...listeners },
  };
}
