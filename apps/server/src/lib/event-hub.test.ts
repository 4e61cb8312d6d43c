import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { EventHub } from './event-hub';

let database: TestDatabase;
let hub: EventHub;
beforeAll(async () => {
  database = await createTestDatabase();
  hub = new EventHub(database);
  await hub.start();
});
afterAll(async () => {
  await hub.stop();
  await database.destroy();
});

describe('EventHub', () => {
  it('sends a burst of changes as one signal, 100 ms after the first', async () => {
    const heard: number[] = [];
    const off = hub.onOrdersChanged(() => heard.push(performance.now()));
    const from = performance.now();
    hub.ordersChanged();
    hub.ordersChanged();
    hub.ordersChanged();
    await new Promise((resolve) => setTimeout(resolve, 400));
    off();
    expect(heard).toHaveLength(1);
    expect((heard[0] ?? 0) - from).toBeGreaterThanOrEqual(95);
  });

  it('is settled once its changes have gone out and come back, without waiting out the 100 ms', async () => {
    const heard: number[] = [];
    const off = hub.onOrdersChanged(() => heard.push(performance.now()));
    const from = performance.now();
    hub.ordersChanged();
    await hub.settled();
    off();
    expect(heard).toHaveLength(1);
    expect(performance.now() - from).toBeLessThan(95);
    // Nothing waiting: settled at once.
    const again = performance.now();
    await hub.settled();
    expect(performance.now() - again).toBeLessThan(5);
  });
});
