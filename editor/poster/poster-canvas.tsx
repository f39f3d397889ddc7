import { Box } from '@chakra-ui/react';
import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { MIN_ELEMENT, type PosterElement } from '../../contract/poster-document';
import type { PosterData } from './draw-ops';
import { ElementView, elementName } from './element-view';
import {
  clampRect,
  type Guide,
  HANDLES,
  type Handle,
  type Rect,
  resizeRect,
  snapMove,
  snapResize,
} from './geometry';
import { usePoster, usePosterStore } from './poster-context';

/** Screen pixels within which an edge snaps to a line. */
const SNAP_PX = 6;
const HANDLE_PX = 10;
/** Pictures that stay round or square keep their proportions when resized. */
const KEEP_ASPECT = new Set(['avatar', 'qrcode', 'seal']);

interface LiveShape {
  id: string;
  rect: Rect;
  guides: Guide[];
}

interface Gesture {
  id: string;
  handle: Handle | null;
  pointerX: number;
  pointerY: number;
  start: Rect;
  moved: boolean;
}

const HANDLE_PLACES: Record<Handle, { left: string; top: string; cursor: string }> = {
  nw: { left: '0%', top: '0%', cursor: 'nwse-resize' },
  n: { left: '50%', top: '0%', cursor: 'ns-resize' },
  ne: { left: '100%', top: '0%', cursor: 'nesw-resize' },
  e: { left: '100%', top: '50%', cursor: 'ew-resize' },
  se: { left: '100%', top: '100%', cursor: 'nwse-resize' },
  s: { left: '50%', top: '100%', cursor: 'ns-resize' },
  sw: { left: '0%', top: '100%', cursor: 'nesw-resize' },
  w: { left: '0%', top: '50%', cursor: 'ew-resize' },
};

const rectOf = (element: PosterElement): Rect => ({
  x: element.x,
  y: element.y,
  width: element.width,
  height: element.height,
});

/** The design drawn to fit its column, with drag to move, handles to resize, snapping and guides. */
export function PosterCanvas({ data }: { data: PosterData }) {
  const intl = useIntl();
  const store = usePosterStore();
  const document = usePoster((state) => state.history.document);
  const selection = usePoster((state) => state.selection);
  const frame = useRef<HTMLDivElement>(null);
  const gesture = useRef<Gesture | null>(null);
  const [live, setLiveState] = useState<LiveShape | null>(null);
  // The pointer-up handler may run before React re-renders with the last move.
  const liveRef = useRef<LiveShape | null>(null);
  const setLive = (next: LiveShape | null) => {
    liveRef.current = next;
    setLiveState(next);
  };
  const [room, setRoom] = useState({ width: 600, height: 800 });

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setRoom({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const scale = Math.min(1, (room.width - 32) / document.width, (room.height - 32) / document.height);
  const canvas = { width: document.width, height: document.height };
  const selected =
    selection.length === 1 ? document.elements.find((element) => element.id === selection[0]) : null;

  const begin = (event: ReactPointerEvent, element: PosterElement, handle: Handle | null) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    if (!handle)
      store
        .getState()
        .select([element.id], event.shiftKey || event.metaKey || event.ctrlKey ? 'toggle' : 'replace');
    if (element.locked) return;
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    gesture.current = {
      id: element.id,
      handle,
      pointerX: event.clientX,
      pointerY: event.clientY,
      start: rectOf(element),
      moved: false,
    };
  };

  const follow = (event: ReactPointerEvent) => {
    const current = gesture.current;
    if (!current) return;
    const dx = (event.clientX - current.pointerX) / scale;
    const dy = (event.clientY - current.pointerY) / scale;
    if (!current.moved && Math.abs(dx) * scale < 3 && Math.abs(dy) * scale < 3) return;
    current.moved = true;
    const others = document.elements
      .filter((element) => element.id !== current.id && !element.hidden)
      .map(rectOf);
    const threshold = event.altKey ? 0 : SNAP_PX / scale;
    const element = document.elements.find((entry) => entry.id === current.id);
    if (current.handle) {
      const keepAspect = event.shiftKey || KEEP_ASPECT.has(element?.type ?? '');
      const resized = resizeRect(current.start, current.handle, dx, dy, {
        minSize: MIN_ELEMENT,
        keepAspect,
        bounds: canvas,
      });
      const snapped = keepAspect
        ? { rect: resized, guides: [] }
        : snapResize(resized, current.handle, others, canvas, threshold, MIN_ELEMENT);
      setLive({ id: current.id, ...snapped });
    } else {
      const moved = clampRect({ ...current.start, x: current.start.x + dx, y: current.start.y + dy }, canvas);
      setLive({ id: current.id, ...snapMove(moved, others, canvas, threshold) });
    }
  };

  const finish = () => {
    const current = gesture.current;
    gesture.current = null;
    const last = liveRef.current;
    if (current?.moved && last)
      store.getState().place(current.id, last.rect, current.handle ? 'resize' : 'move');
    setLive(null);
  };

  const shown = (element: PosterElement) => (live && live.id === element.id ? live.rect : rectOf(element));
  const selectedRect = selected ? shown(selected) : null;

  return (
    <Box
      ref={frame}
      flex="1"
      minWidth="0"
      overflow="auto"
      display="flex"
      alignItems="flex-start"
      justifyContent="center"
      padding="4"
      onPointerDown={() => store.getState().select([])}
    >
      <Box
        position="relative"
        flexShrink={0}
        boxShadow="md"
        style={{ width: document.width * scale, height: document.height * scale }}
      >
        <Box
          role="group"
          aria-label={intl.formatMessage(
            { id: 'poster.editor.canvas' },
            { width: document.width, height: document.height },
          )}
          aria-describedby="poster-canvas-help"
          data-testid="poster-canvas"
          position="absolute"
          top="0"
          left="0"
          overflow="hidden"
          transformOrigin="top left"
          style={{
            width: document.width,
            height: document.height,
            transform: `scale(${scale})`,
            background: document.background.colour,
            backgroundImage: document.background.image ? `url("${document.background.image}")` : undefined,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
          }}
        >
          {document.elements.map((element) => {
            if (element.hidden) return null;
            const rect = shown(element);
            const isSelected = selection.includes(element.id);
            return (
              <Box
                key={element.id}
                role="button"
                tabIndex={0}
                aria-pressed={isSelected}
                aria-label={elementName(intl.formatMessage, element)}
                data-testid={`poster-element-${element.id}`}
                data-x={element.x}
                data-y={element.y}
                position="absolute"
                cursor={element.locked ? 'not-allowed' : 'move'}
                outline={isSelected ? undefined : '1px dashed transparent'}
                _hover={{ outlineColor: 'blue.300' }}
                _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500' }}
                touchAction="none"
                style={{ left: rect.x, top: rect.y, width: rect.width, height: rect.height }}
                onPointerDown={(event) => begin(event, element, null)}
                onPointerMove={follow}
                onPointerUp={finish}
                onPointerCancel={finish}
                onFocus={() => {
                  if (!store.getState().selection.includes(element.id)) store.getState().select([element.id]);
                }}
              >
                <ElementView element={element} data={data} />
              </Box>
            );
          })}
          {selected && selectedRect && (
            <Box
              aria-hidden="true"
              position="absolute"
              pointerEvents="none"
              data-testid="poster-selection"
              style={{
                left: selectedRect.x,
                top: selectedRect.y,
                width: selectedRect.width,
                height: selectedRect.height,
                outline: `${2 / scale}px solid ${selected.locked ? '#a0aec0' : '#3182ce'}`,
              }}
            >
              {!selected.locked &&
                HANDLES.map((handle) => (
                  <Box
                    key={handle}
                    data-testid={`poster-handle-${handle}`}
                    position="absolute"
                    bg="white"
                    borderColor="blue.600"
                    pointerEvents="auto"
                    touchAction="none"
                    style={{
                      left: HANDLE_PLACES[handle].left,
                      top: HANDLE_PLACES[handle].top,
                      cursor: HANDLE_PLACES[handle].cursor,
                      width: HANDLE_PX / scale,
                      height: HANDLE_PX / scale,
                      borderWidth: 1.5 / scale,
                      transform: 'translate(-50%, -50%)',
                    }}
                    onPointerDown={(event) => begin(event, selected, handle)}
                    onPointerMove={follow}
                    onPointerUp={finish}
                    onPointerCancel={finish}
                  />
                ))}
            </Box>
          )}
          {live?.guides.map((guide) => (
            <Box
              key={`${guide.orientation}-${guide.position}`}
              aria-hidden="true"
              data-testid="poster-guide"
              position="absolute"
              pointerEvents="none"
              bg="pink.500"
              style={
                guide.orientation === 'vertical'
                  ? { left: guide.position, top: 0, width: 1 / scale, height: document.height }
                  : { top: guide.position, left: 0, height: 1 / scale, width: document.width }
              }
            />
          ))}
        </Box>
      </Box>
    </Box>
  );
}
