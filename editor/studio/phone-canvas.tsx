import { Box, Text } from '@chakra-ui/react';
import { useDndMonitor, useDroppable } from '@dnd-kit/core';
import {
  type CSSProperties,
  createContext,
  memo,
  type RefObject,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { blockDefinition } from '../../components-catalog/registry';
import type { RenderContext } from '../../components-catalog/renderer-kit';
import { type AnyRenderer, rendererOf } from '../../components-catalog/renderers';
import { sampleRows } from '../../components-catalog/sample-rows';
import type { BlockNode, TemplatePage } from '../../contract/template-document';
import { previewFlags } from '../preview/preview-flags';
import type { StudioState } from '../store/studio-store';
import { fetchesRows, useBlockRows } from './block-rows';
import { useStudio, useStudioStore } from './studio-context';

export const PHONE_WIDTH = 375;
export const CANVAS_DROP_ID = 'canvas';

/** A block that shows server rows: only these pay for a query observer. */
function DataBlockView({
  block,
  context,
  Renderer,
}: {
  block: BlockNode;
  context: RenderContext;
  Renderer: AnyRenderer;
}) {
  const intl = useIntl();
  const definition = blockDefinition(block.type);
  const request = useMemo(() => definition?.data?.(block.props) ?? null, [definition, block.props]);
  const rows = useBlockRows(request);
  // While editing, a block with nothing to show yet draws sample rows, marked as such, for its layout.
  const empty = rows === undefined ? !fetchesRows(request) : rows.length === 0;
  const source = request?.source ?? definition?.rows;
  const sample = useMemo(
    () =>
      context.mode === 'editing' && empty && source
        ? sampleRows(source, (id, values) => intl.formatMessage({ id }, values), context.now)
        : null,
    [context.mode, context.now, empty, source, intl],
  );
  if (!sample) return <Renderer props={block.props} data={rows} context={context} />;
  return (
    <div data-sample="rows" style={{ position: 'relative' }}>
      <div style={{ opacity: 0.6 }}>
        <Renderer props={block.props} data={sample} context={context} />
      </div>
      <span
        style={{
          position: 'absolute',
          left: 8,
          bottom: 8,
          padding: '1px 6px',
          borderRadius: 4,
          background: '#fff7e6',
          border: '1px dashed #d48806',
          color: '#874d00',
          fontSize: 11,
        }}
      >
        {intl.formatMessage({ id: 'sample.badge' })}
      </span>
    </div>
  );
}

/** A block drawn by its catalogue renderer, with its live rows. */
export function BlockView({ block, context }: { block: BlockNode; context: RenderContext }) {
  const Renderer = rendererOf(block.type);
  if (!Renderer) {
    return (
      <Box padding="3" bg="orange.50" fontSize="xs" color="orange.700">
        <FormattedMessage id="studio.canvas.unknownBlock" />
      </Box>
    );
  }
  if (blockDefinition(block.type)?.data) {
    return <DataBlockView block={block} context={context} Renderer={Renderer} />;
  }
  return <Renderer props={block.props} context={context} />;
}

/**
 * Styles every block wrapper shares, set once for the frame rather than per element: a wrapper is
 * known by its block type, and carries no class of its own (each attribute set is work the browser
 * repeats for every block of a long page). What a block draws
 * takes no pointer events, so a click anywhere on it reaches the wrapper, which the phone frame reads
 * the block from: no block carries handlers of its own.
 */
const CANVAS_STYLES = `
.studio-canvas-frame [data-block-type]{position:relative;cursor:pointer}
.studio-canvas-frame [data-block-type]>*{pointer-events:none}
.studio-canvas-frame [data-block-type][data-drop-over]{box-shadow:inset 0 3px 0 #2b6cf6}
.studio-canvas-list>[data-block-type]{content-visibility:auto;contain-intrinsic-size:auto ${PHONE_WIDTH}px auto 80px}
.studio-canvas-pending>*{content-visibility:auto;contain-intrinsic-size:auto ${PHONE_WIDTH}px auto 80px;height:80px}
`;

/** True while something is dragged: only then are the canvas's blocks drop targets. */
const DraggingContext = createContext(false);

/** Follows drags in the surrounding DndContext. */
function useDragging(): boolean {
  const [dragging, setDragging] = useState(false);
  useDndMonitor({
    onDragStart: () => setDragging(true),
    onDragEnd: () => setDragging(false),
    onDragCancel: () => setDragging(false),
  });
  return dragging;
}

/**
 * A block as a drop target (a drop inserts before it), mounted for the length of a drag: a page of
 * 300 blocks then registers no droppable, resize observer or store entry per block until one starts.
 * It marks the block while a drag is over it, so the block itself keeps no state for it.
 */
function BlockDropTarget({ id, element }: { id: string; element: RefObject<HTMLDivElement | null> }) {
  const { setNodeRef, isOver } = useDroppable({ id: `drop:${id}` });
  useLayoutEffect(() => {
    setNodeRef(element.current);
    return () => setNodeRef(null);
  }, [setNodeRef, element]);
  useLayoutEffect(() => {
    const node = element.current;
    if (!node || !isOver) return;
    node.setAttribute('data-drop-over', '');
    return () => node.removeAttribute('data-drop-over');
  }, [isOver, element]);
  return null;
}

/** The canvas element of a block, for scrolling to it; the id is quoted, as imported ids may hold anything. */
export const canvasBlockSelector = (blockId: string) =>
  `[data-testid=${JSON.stringify(`canvas-block-${blockId}`)}]`;

const BLOCK_TEST_ID = 'canvas-block-';

/** The id of the canvas block an event happened on, read from its wrapper; null outside any block. */
function blockIdAt(target: EventTarget | null, frame: Element): string | null {
  // Frames still to draw carry no block type: a click on one selects nothing.
  const wrapper = target instanceof Element ? target.closest('[data-block-type]') : null;
  if (!wrapper || !frame.contains(wrapper)) return null;
  return wrapper.getAttribute('data-testid')?.slice(BLOCK_TEST_ID.length) ?? null;
}

/**
 * The block's name in the corner while it is selected or hovered, and why it is flagged when it is.
 * Memoised on what it shows, not on the block: typing into a selected block leaves it as it was.
 */
const BlockLabel = memo(function BlockLabel({
  type,
  blockAllowed,
  disallowedLinks,
}: {
  type: string;
  blockAllowed: boolean;
  /** How many of the block's links the shop type does not allow. */
  disallowedLinks: number;
}) {
  const intl = useIntl();
  const allowed = blockAllowed && disallowedLinks === 0;
  const name = intl.formatMessage({ id: blockDefinition(type)?.label ?? 'studio.canvas.unknownBlock' });
  const text = !blockAllowed
    ? intl.formatMessage({ id: 'studio.canvas.notAllowed' }, { block: name })
    : allowed
      ? name
      : intl.formatMessage({ id: 'studio.canvas.linkNotAllowed' }, { block: name, count: disallowedLinks });
  return (
    <span
      style={{
        position: 'absolute',
        top: 0,
        right: 0,
        zIndex: 2,
        background: allowed ? '#2b6cf6' : '#e53e3e',
        color: '#fff',
        fontSize: 11,
        padding: '2px 6px',
        borderRadius: 3,
        whiteSpace: 'nowrap',
      }}
    >
      {text}
    </span>
  );
});

/** Bits of a block's canvas state, in one number so a block follows the store with one subscription. */
const SELECTED = 1;
const HOVERED = 2;

const stateOf = (studio: StudioState, id: string) =>
  (studio.selection.includes(id) ? SELECTED : 0) | (studio.hover === id ? HOVERED : 0);

/**
 * One block on the canvas. Memoised: a document change keeps the identity of untouched blocks, so
 * an edit re-renders only the blocks it changed (the Puck comparison bench measures this).
 * Off-screen blocks of the page's list skip layout and paint (content-visibility) until scrolled near.
 * Kept to one element around what the block draws, with no hooks it does not need, as a page draws
 * hundreds: clicks and hover are the phone frame's, the corner label is its own component.
 */
const CanvasBlock = memo(function CanvasBlock({
  block,
  context,
  state,
}: {
  block: BlockNode;
  context: RenderContext;
  /** SELECTED and HOVERED bits, given by whoever already follows the selection. */
  state: number;
}) {
  const selected = (state & SELECTED) !== 0;
  const hovered = (state & HOVERED) !== 0;
  const dragging = useContext(DraggingContext);
  const element = useRef<HTMLDivElement>(null);
  const flags = useMemo(() => previewFlags(block, context.shopType), [block, context.shopType]);
  const allowed = flags.blockAllowed && flags.disallowedLinks.length === 0;
  const outline = selected
    ? '2px solid #2b6cf6'
    : hovered
      ? '1px dashed #2b6cf6'
      : allowed
        ? undefined
        : '2px dashed #e53e3e';
  const style: CSSProperties | undefined =
    block.hidden || outline
      ? { opacity: block.hidden ? 0.35 : undefined, outline, outlineOffset: -2 }
      : undefined;
  return (
    <div
      ref={element}
      data-testid={`${BLOCK_TEST_ID}${block.id}`}
      data-block-type={block.type}
      data-selected={selected || undefined}
      data-invalid={allowed ? undefined : true}
      data-flag={flags.blockAllowed ? (allowed ? undefined : 'link') : 'block'}
      style={style}
    >
      <BlockView block={block} context={context} />
      {dragging && <BlockDropTarget id={block.id} element={element} />}
      {(selected || hovered || !allowed) && (
        <BlockLabel
          type={block.type}
          blockAllowed={flags.blockAllowed}
          disallowedLinks={flags.disallowedLinks.length}
        />
      )}
    </div>
  );
});

/** A fixed block (navigation bar, tab bar, floating button), following its own selection and hover. */
function FixedCanvasBlock({ block, context }: { block: BlockNode; context: RenderContext }) {
  const state = useStudio((studio) => stateOf(studio, block.id));
  return <CanvasBlock block={block} context={context} state={state} />;
}

/** The page the canvas shows (the home page when the shown one is gone). */
function shownPage(state: StudioState): TemplatePage {
  const { pages } = state.history.document;
  return pages.find((entry) => entry.id === state.pageId) ?? pages[0]!;
}

function fixedBlock(state: StudioState, slot: keyof TemplatePage['fixed']): BlockNode | null {
  const { blocks } = state.history.document;
  const id = shownPage(state).fixed[slot];
  return id && Object.hasOwn(blocks, id) ? blocks[id]! : null;
}

/**
 * A block of the page's list, read from the store by id: an edit to one block re-renders that block
 * alone, not the canvas and its 300 siblings. Memoised: a structural change (insert, delete, move)
 * re-renders the list without touching its untouched blocks. Its selection and hover come from the
 * list, which follows them once for all its blocks.
 */
const PageBlock = memo(function PageBlock({
  id,
  context,
  state,
}: {
  id: string;
  context: RenderContext;
  state: number;
}) {
  const block = useStudio((studio) =>
    Object.hasOwn(studio.history.document.blocks, id) ? studio.history.document.blocks[id]! : null,
  );
  return block ? <CanvasBlock block={block} context={context} state={state} /> : null;
});

/** A block below the first screen before the canvas has drawn it: an empty frame of a typical height. */
function PendingBlock({ id }: { id: string }) {
  return <div data-testid={`${BLOCK_TEST_ID}${id}`} data-pending="" />;
}

/** The Prioritized Task Scheduling API where the browser has it (Chromium; Safari and Firefox fall back to a timer). */
const taskScheduler = (
  globalThis as {
    scheduler?: { postTask?: (task: () => void, options: { priority: 'user-blocking' }) => Promise<void> };
  }
).scheduler;

/**
 * A low estimate of a page block's height (a spacer's), so the blocks drawn first fill the window
 * however short the page's first blocks are.
 */
const LOW_BLOCK_HEIGHT = 20;

/**
 * Draws the first screen of blocks at once and the rest in one render right after the first paint,
 * so a long page opens as fast as a short one. The rest is one render, not a time-sliced transition:
 * slicing let the browser draw a frame between slices and made the whole page take longer.
 * The frame is asked for as the first screen commits (a layout effect): a passive effect runs after
 * that frame has been painted, and its frame request then waited for the one after. The rest is
 * drawn in a task of the highest priority posted from the frame callback, so it runs as soon as that
 * frame is painted, and synchronously: a timer, a message and React's own scheduling each waited
 * behind other tasks, and often another frame, before it.
 */
function useDrawnCount(): number {
  const [drawnAll, setDrawnAll] = useState(false);
  useLayoutEffect(() => {
    let cancelled = false;
    const drawRest = () => {
      if (!cancelled) flushSync(() => setDrawnAll(true));
    };
    const frame = requestAnimationFrame(() => {
      if (taskScheduler?.postTask) void taskScheduler.postTask(drawRest, { priority: 'user-blocking' });
      else setTimeout(drawRest);
    });
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
    };
  }, []);
  return drawnAll ? Number.POSITIVE_INFINITY : Math.ceil(window.innerHeight / LOW_BLOCK_HEIGHT);
}

/**
 * The blocks of the shown page's list. Its own component, subscribed to the list alone: an insert,
 * delete or move re-renders the list, not the phone frame, its bars and their styles around it.
 */
function PageBlockList({ context }: { context: RenderContext }) {
  const blockIds = useStudio((state) => shownPage(state).blockIds);
  const drawnCount = useDrawnCount();
  const selection = useStudio((state) => state.selection);
  const hover = useStudio((state) => state.hover);
  // Read, not followed: the blocks drawn below follow their own, and a frame still to draw needs only its id.
  const blocks = useStudioStore().getState().history.document.blocks;
  const { setNodeRef, isOver } = useDroppable({ id: CANVAS_DROP_ID });
  return (
    <div
      ref={setNodeRef}
      className="studio-canvas-list"
      style={{ flex: 1, minHeight: 200, paddingBottom: 16 }}
      data-over={isOver || undefined}
    >
      {blockIds.length === 0 && (
        <Text padding="10" textAlign="center" color="gray.500" fontSize="sm">
          <FormattedMessage id="studio.canvas.empty" />
        </Text>
      )}
      {blockIds.slice(0, drawnCount).map((id) => {
        const state = (selection.includes(id) ? SELECTED : 0) | (hover === id ? HOVERED : 0);
        return <PageBlock key={id} id={id} context={context} state={state} />;
      })}
      {/* One element around the frames still to draw: drawing them takes it away in one removal. */}
      {drawnCount < blockIds.length && (
        <div className="studio-canvas-pending">
          {blockIds
            .slice(drawnCount)
            .map((id) => (Object.hasOwn(blocks, id) ? <PendingBlock key={id} id={id} /> : null))}
        </div>
      )}
    </div>
  );
}

/** The 375 px phone: status bar, navigation bar with the WeChat capsule, the page's blocks, tab bar. */
export function PhoneCanvas() {
  const intl = useIntl();
  const settings = useStudio((state) => shownPage(state).settings);
  const shopType = useStudio((state) => state.previewShopType);
  const select = useStudio((state) => state.select);
  const store = useStudioStore();
  const dragging = useDragging();
  const context = useMemo<RenderContext>(() => ({ mode: 'editing', shopType, now: Date.now() }), [shopType]);
  const navigationBar = useStudio((state) => fixedBlock(state, 'navigationBar'));
  const tabBar = useStudio((state) => fixedBlock(state, 'tabBar'));
  const floating = useStudio((state) => fixedBlock(state, 'floatingButton'));
  const NavigationRenderer = rendererOf('navigationBar')!;
  const navigationDefaults = blockDefinition('navigationBar')!.defaults();
  return (
    <DraggingContext.Provider value={dragging}>
      <Box
        role="region"
        aria-label={intl.formatMessage({ id: 'studio.canvas.label' })}
        width={`${PHONE_WIDTH + 24}px`}
        marginX="auto"
        padding="12px"
        borderRadius="44px"
        bg="gray.900"
        boxShadow="0 12px 40px rgba(0,0,0,.25)"
        data-testid="phone-canvas"
      >
        <style>{CANVAS_STYLES}</style>
        {/* The outline is the keyboard path to blocks; the canvas is for pointing at what you see. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a click selects the block under it, or clears the selection */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the outline selects by keyboard, Escape clears */}
        {/* biome-ignore lint/a11y/useKeyWithMouseEvents: hover only outlines the block under the pointer */}
        <div
          className="studio-canvas-frame"
          onClick={(event) => {
            const id = blockIdAt(event.target, event.currentTarget);
            if (id === null) select([]);
            else select([id], event.shiftKey || event.metaKey || event.ctrlKey ? 'toggle' : 'replace');
          }}
          onMouseOver={(event) => {
            const id = blockIdAt(event.target, event.currentTarget);
            if (store.getState().hover !== id) store.getState().setHover(id);
          }}
          onMouseLeave={() => {
            if (store.getState().hover !== null) store.getState().setHover(null);
          }}
          style={{
            width: PHONE_WIDTH,
            minHeight: 720,
            borderRadius: 32,
            overflow: 'hidden',
            background: settings.backgroundColor || '#f5f5f5',
            display: 'flex',
            flexDirection: 'column',
            position: 'relative',
          }}
        >
          {navigationBar ? (
            <FixedCanvasBlock block={navigationBar} context={context} />
          ) : (
            <NavigationRenderer props={{ ...navigationDefaults, title: settings.title }} context={context} />
          )}
          <PageBlockList context={context} />
          {floating && (
            <div style={{ position: 'absolute', right: 12, bottom: tabBar ? 110 : 60 }}>
              <FixedCanvasBlock block={floating} context={context} />
            </div>
          )}
          {tabBar && (
            <div style={{ position: 'sticky', bottom: 0 }}>
              <FixedCanvasBlock block={tabBar} context={context} />
            </div>
          )}
        </div>
      </Box>
    </DraggingContext.Provider>
  );
}
