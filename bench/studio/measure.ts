import type { BlockSpec } from './blocks';

/**
 * What a bench page tells the driver about its editor. Actions go through the editor's own public
 * API (our studio store, Puck's dispatch and history); the DOM is read only to see when the canvas
 * shows the result.
 */
export interface EditorAdapter {
  /** The page as the editor saves it (outside the timing). */
  save(blocks: readonly BlockSpec[]): string;
  /** Parses the saved page and draws the editor with it. */
  mount(saved: string): void;
  unmount(): void;
  /** Block ids in page order, from the editor's state. */
  order(): string[];
  /** How many blocks the canvas holds, drawn or not yet. */
  count(): number;
  /** Blocks the canvas holds but has not drawn yet (an editor that draws everything at once has none). */
  pending(): Element[];
  blockElement(id: string): Element | null;
  idOf(element: Element | null): string | null;
  setText(id: string, text: string): void;
  insert(index: number): void;
  move(id: string, toIndex: number): void;
  remove(id: string): void;
  duplicate(id: string): void;
  undo(): void;
  redo(): void;
  /** How long after an action the editor has recorded its history step (Puck debounces it). */
  historyDelayMs: number;
}

/** What the bench (Node, through page.evaluate) calls; every timing is in milliseconds. */
export interface EditorBench {
  /**
   * `screen`: from the call until the browser has painted a frame in which the canvas holds every
   * block and every block inside the window is drawn. `whole`: until every block is drawn.
   */
  load(count: number, repetitions: number): Promise<{ screen: number[]; whole: number[] }>;
  keystroke(repetitions: number): Promise<number[]>;
  insert(repetitions: number): Promise<number[]>;
  move(repetitions: number): Promise<number[]>;
  remove(repetitions: number): Promise<number[]>;
  duplicate(repetitions: number): Promise<number[]>;
  /** Makes `steps` edits (and the warm-up's), then times undoing each and redoing each. */
  undoRedo(steps: number): Promise<{ undo: number[]; redo: number[] }>;
  /** Heap in MB before and after `steps` history steps, each after a forced garbage collection. */
  historyHeap(steps: number): Promise<{ before: number; after: number } | null>;
}

declare global {
  interface Window {
    editorBench?: EditorBench;
    gc?: () => void;
  }
  interface Performance {
    memory?: { usedJSHeapSize: number };
  }
}

const WAIT_LIMIT_MS = 15_000;

/** Resolves with the time the DOM first satisfies `check`, looking after every mutation. */
function when(check: () => boolean): Promise<number> {
  if (check()) return Promise.resolve(performance.now());
  return new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      if (!check()) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(performance.now());
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error('the canvas never showed the change'));
    }, WAIT_LIMIT_MS);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
}

/** The time the frame being prepared has been painted: a task queued from requestAnimationFrame runs after it. */
function painted(): Promise<number> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(null);
    }),
  );
}

function outsideWindow(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.bottom <= 0 || box.top >= window.innerHeight || box.right <= 0 || box.left >= window.innerWidth;
}

/** From the call until the canvas shows the change. */
async function timed(action: () => void, check: () => boolean): Promise<number> {
  const started = performance.now();
  action();
  return (await when(check)) - started;
}

/** Lets effects, layout and paint of the last action finish so the next one starts from idle. */
function settle(milliseconds = 20): Promise<void> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, milliseconds))),
  );
}

function pause(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

function heapMegabytes(): number {
  window.gc?.();
  return (performance.memory?.usedJSHeapSize ?? Number.NaN) / 1024 / 1024;
}

/**
 * Repetitions of an action run first and dropped, in both editors alike: the first few calls of a
 * path compile and optimise it, and the figures are about an editor in use.
 */
export const WARM_UP_REPETITIONS = 3;

/** Times `run` for the warm-up and then `repetitions` times; returns the timed ones only. */
async function repeat(repetitions: number, run: (repetition: number) => Promise<number>) {
  const times: number[] = [];
  for (let repetition = 0; repetition < WARM_UP_REPETITIONS + repetitions; repetition++) {
    await settle();
    const time = await run(repetition);
    if (repetition >= WARM_UP_REPETITIONS) times.push(time);
  }
  return times;
}

export function exposeBench(adapter: EditorAdapter, blocks: readonly BlockSpec[]): void {
  const textOf = (id: string) => adapter.blockElement(id)?.textContent ?? '';
  const titles = () => {
    const present = new Set(adapter.order());
    return blocks.filter((block) => block.kind === 'title' && present.has(block.id)).map((block) => block.id);
  };
  const saved = adapter.save(blocks);
  // A position past the page's end would time an action that does nothing: refuse it instead.
  const blockAt = (order: readonly string[], index: number) => {
    const id = order[index];
    if (id === undefined) throw new Error(`the page has no block at ${index} (${order.length} blocks)`);
    return id;
  };

  window.editorBench = {
    async load(count, repetitions) {
      const screen: number[] = [];
      const whole: number[] = [];
      for (let repetition = 0; repetition < repetitions; repetition++) {
        adapter.unmount();
        await settle();
        const started = performance.now();
        adapter.mount(saved);
        await when(() => adapter.count() === count && adapter.pending().every(outsideWindow));
        screen.push((await painted()) - started);
        await when(() => adapter.pending().length === 0);
        whole.push((await painted()) - started);
      }
      return { screen, whole };
    },

    keystroke(repetitions) {
      const id = titles()[10]!;
      const base = blocks.find((block) => block.id === id)!.text;
      return repeat(repetitions, (repetition) => {
        const text = `${base}${'x'.repeat(repetition + 1)}`;
        return timed(
          () => adapter.setText(id, text),
          () => textOf(id).includes(text),
        );
      });
    },

    insert: (repetitions) =>
      repeat(repetitions, () => {
        const count = adapter.count();
        return timed(
          () => adapter.insert(150),
          () => adapter.count() === count + 1,
        );
      }),

    move: (repetitions) =>
      repeat(repetitions, (repetition) => {
        const order = adapter.order();
        const id = blockAt(order, 20 + repetition);
        const to = 200 - repetition;
        const expected = order.filter((entry) => entry !== id);
        expected.splice(to, 0, id);
        return timed(
          () => adapter.move(id, to),
          () => {
            const element = adapter.blockElement(id);
            return (
              element !== null &&
              adapter.idOf(element.previousElementSibling) === expected[to - 1] &&
              adapter.idOf(element.nextElementSibling) === expected[to + 1]
            );
          },
        );
      }),

    remove: (repetitions) =>
      repeat(repetitions, (repetition) => {
        const id = blockAt(adapter.order(), 100 + repetition);
        return timed(
          () => adapter.remove(id),
          () => adapter.blockElement(id) === null,
        );
      }),

    duplicate: (repetitions) =>
      repeat(repetitions, (repetition) => {
        const id = blockAt(adapter.order(), 60 + 2 * repetition);
        const count = adapter.count();
        return timed(
          () => adapter.duplicate(id),
          () => adapter.count() === count + 1,
        );
      }),

    async undoRedo(steps) {
      const edits = WARM_UP_REPETITIONS + steps;
      const edited = titles().slice(20, 20 + edits);
      if (edited.length < edits) throw new Error(`the page holds too few titles for ${edits} edits`);
      const texts = edited.map((id, index) => `Edited ${index} of ${id}`);
      for (const [index, id] of edited.entries()) {
        adapter.setText(id, texts[index]!);
        await when(() => textOf(id).includes(texts[index]!));
        await pause(adapter.historyDelayMs);
      }
      const undo = await repeat(steps, (repetition) => {
        const index = edits - 1 - repetition;
        return timed(
          () => adapter.undo(),
          () => !textOf(edited[index]!).includes(texts[index]!),
        );
      });
      const redo = await repeat(steps, (repetition) =>
        timed(
          () => adapter.redo(),
          () => textOf(edited[repetition]!).includes(texts[repetition]!),
        ),
      );
      return { undo, redo };
    },

    async historyHeap(steps) {
      if (!window.gc || !performance.memory) return null;
      const ids = titles();
      await settle(100);
      const before = heapMegabytes();
      for (let step = 0; step < steps; step++) {
        // Consecutive edits of different blocks: each is its own history step.
        const id = ids[step % ids.length]!;
        const text = `Step ${step}`;
        adapter.setText(id, text);
        await when(() => textOf(id).includes(text));
        await pause(adapter.historyDelayMs);
      }
      await settle(100);
      return { before, after: heapMegabytes() };
    },
  };
}
