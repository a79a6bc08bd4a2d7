import { Suspense, use } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { moduleOnDemand } from './module-on-demand.ts';

function Greeting({ load }: { load: () => Promise<{ text: string }> }) {
  return <p>{use(load()).text}</p>;
}

/** A synchronous render shows the fallback when `use` would have to wait. */
const rendered = (load: () => Promise<{ text: string }>) =>
  renderToString(
    <Suspense fallback="waiting">
      <Greeting load={load} />
    </Suspense>,
  );

describe('moduleOnDemand', () => {
  it('imports once, however often a page asks', async () => {
    const importModule = vi.fn(async () => ({ text: 'hello' }));
    const load = moduleOnDemand(importModule);
    expect(load()).toBe(load());
    await load();
    expect(importModule).toHaveBeenCalledTimes(1);
  });

  it('lets React read an arrived module without waiting again', async () => {
    const load = moduleOnDemand(async () => ({ text: 'hello' }));
    expect(rendered(load)).toContain('waiting');
    await load();
    expect(rendered(load)).toContain('hello');
    // A plain promise that has settled still makes React wait on a first read.
    const settled = Promise.resolve({ text: 'hello' });
    await settled;
    expect(rendered(() => settled)).toContain('waiting');
  });
});
