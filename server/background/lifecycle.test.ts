import { describe, expect, it } from 'vitest';
import { Lifecycle } from './lifecycle';

describe('Lifecycle', () => {
  it('starts, becomes ready once, and never comes back from stopping', () => {
    const life = new Lifecycle({ workersExpected: true });
    expect([life.state, life.workers]).toEqual(['starting', 'not started']);
    life.markWorkersStarted();
    life.markReady();
    expect([life.state, life.workers]).toEqual(['ready', 'started']);
    life.markStopping();
    life.markReady();
    expect(life.state).toBe('stopping');
    expect(new Lifecycle({ workersExpected: false }).workers).toBe('disabled');
  });
});
