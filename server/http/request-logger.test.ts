import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { RequestLogger } from './request-logger';

function parentAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({
    logger: { level, stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  });
  return { parent: app.log, lines };
}

describe('RequestLogger', () => {
  it('makes no child for lines below the level, and writes none', () => {
    const { parent, lines } = parentAt('warn');
    const child = vi.spyOn(parent, 'child');
    const logger = new RequestLogger(parent, { reqId: 'r1' }, {});
    logger.info('not shown');
    logger.debug({ a: 1 }, 'not shown');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    expect(logger.level).toBe('warn');
  });

  it('writes a line at or above the level with the request’s bindings, through one child', () => {
    const { parent, lines } = parentAt('warn');
    const child = vi.spyOn(parent, 'child');
    const logger = new RequestLogger(parent, { reqId: 'r2' }, {});
    logger.warn({ orderNo: 'A1' }, 'refused');
    logger.error('failed');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toMatchObject([
      { level: 40, reqId: 'r2', orderNo: 'A1', msg: 'refused' },
      { level: 50, reqId: 'r2', msg: 'failed' },
    ]);
  });

  it('lets a request raise its own level without touching the server’s', () => {
    const { parent, lines } = parentAt('warn');
    const logger = new RequestLogger(parent, { reqId: 'r3' }, {});
    logger.level = 'info';
    logger.info('now shown');
    expect(parent.level).toBe('warn');
    expect(lines).toMatchObject([{ level: 30, reqId: 'r3', msg: 'now shown' }]);
  });
});
