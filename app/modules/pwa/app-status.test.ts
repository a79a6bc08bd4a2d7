import { describe, expect, it, vi } from 'vitest';
import { appStatus } from './app-status.ts';

describe('the app status store', () => {
  it('tells its readers of a change, and keeps the snapshot (and its readers’ peace) when nothing changes', () => {
    const listener = vi.fn();
    const unsubscribe = appStatus.subscribe(listener);
    try {
      const before = appStatus.get();
      appStatus.update({ offline: false, formNeedsConnection: false });
      expect(appStatus.get()).toBe(before);
      expect(listener).not.toHaveBeenCalled();

      appStatus.update({ offline: true });
      expect(appStatus.get()).toEqual({ ...before, offline: true });
      expect(listener).toHaveBeenCalledTimes(1);

      appStatus.update((current) => ({ offline: !current.offline }));
      expect(appStatus.get()).toEqual(before);
      expect(listener).toHaveBeenCalledTimes(2);
    } finally {
      unsubscribe();
    }
  });
});
