import { describe, expect, it } from 'vitest';
import { RequestActivity } from './request-activity';

describe('RequestActivity', () => {
  it('is quiet from the start, busy while a request is in progress, and quiet again from its end', () => {
    let now = 100_000;
    const activity = new RequestActivity(() => now);
    expect(activity.quietForMs()).toBe(100_000);

    const first = activity.started();
    const second = activity.started();
    expect(activity.inFlight).toBe(2);
    now += 5_000;
    expect(activity.quietForMs()).toBe(0);

    first();
    now += 1_000;
    expect(activity.quietForMs()).toBe(0);
    second();
    now += 2_500;
    expect(activity.quietForMs()).toBe(2_500);
  });

  it('counts a request out once however often its end is reported (finish, then close)', () => {
    let now = 0;
    const activity = new RequestActivity(() => now);
    const done = activity.started();
    activity.started();
    now = 10;
    done();
    done();
    expect(activity.inFlight).toBe(1);
    expect(activity.quietForMs()).toBe(0);
  });
});
