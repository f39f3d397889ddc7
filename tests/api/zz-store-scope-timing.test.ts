import { it } from 'vitest';
import * as orders from '../../contract/endpoints/orders';
import { startTestServer } from './harness';

it('times the order list', async () => {
  const server = await startTestServer();
  const admin = await server.login('admin');
  const store = await server.login('store');
  const cases: [string, string, Record<string, unknown>][] = [
    ['admin all', admin, {}],
    ['store all', store, {}],
    ['admin storeId', admin, { storeId: 1 }],
  ];
  for (let round = 0; round < 2; round += 1) {
    for (const [name, token, input] of cases) {
      const times: number[] = [];
      for (let index = 0; index < 40; index += 1) {
        const start = performance.now();
        await server.call(orders.getOrderList, input, { token });
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      console.log(`TIMING ${name}: median ${times[20]!.toFixed(1)} ms p95 ${times[37]!.toFixed(1)} ms`);
    }
  }
  await server.close();
}, 300_000);
