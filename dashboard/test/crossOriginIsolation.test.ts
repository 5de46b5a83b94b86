// When the app may start fetching on a page coi-serviceworker may reload (src/crossOriginIsolation.ts, docs/hosting.md):
// a fake page (isolation, secure context, service workers, how its load was served, the registration's outcome).
import { afterEach, describe, expect, it, vi } from 'vitest';

interface FakePage {
  isolated?: boolean | undefined; secure?: boolean; workers?: boolean; script?: boolean; servedByWorker?: boolean;
  /** the page's query (default: the Live view, the one a first visit reloads) */
  search?: string;
  register?: () => Promise<{ installing: object | null; waiting: object | null }>;
}

async function settle(page: FakePage): Promise<{ result: Promise<string>; register: ReturnType<typeof vi.fn> }> {
  const register = vi.fn(page.register ?? (async () => ({ installing: {}, waiting: null })));
  vi.stubGlobal('window', { crossOriginIsolated: 'isolated' in page ? page.isolated : false, isSecureContext: page.secure ?? true,
    location: { search: page.search ?? '?view=live' } });
  vi.stubGlobal('navigator', page.workers === false ? {} : { serviceWorker: { register, controller: null } });
  vi.stubGlobal('document', { querySelector: () => (page.script === false ? null : { src: 'http://127.0.0.1/x/coi-serviceworker.js' }) });
  vi.stubGlobal('performance', { getEntriesByType: () => [{ workerStart: page.servedByWorker ? 12.5 : 0 }] });
  vi.resetModules();
  const { whenIsolationSettled } = await import('../src/crossOriginIsolation');
  return { result: whenIsolationSettled(), register };
}

/** The promise's value if it settles within `ms` of fake time, else 'pending'. */
async function within(p: Promise<string>, ms: number): Promise<string> {
  let out = 'pending';
  void p.then((v) => { out = v; });
  await vi.advanceTimersByTimeAsync(ms);
  return out;
}

afterEach(() => { vi.useRealTimers(); vi.unstubAllGlobals(); });

describe('the app starts fetching', () => {
  it('at once on an isolated page (the server\'s headers, or the worker served it), or a browser without the notion', async () => {
    expect(await (await settle({ isolated: true })).result).toBe('isolated');
    expect(await (await settle({ isolated: undefined })).result).toBe('isolated');
  });
  it('at once where coi-serviceworker cannot register: no secure context, no service workers, no worker script', async () => {
    for (const page of [{ secure: false }, { workers: false }, { script: false }]) {
      const { result, register } = await settle(page);
      expect(await result).toBe('not isolated');
      expect(register).not.toHaveBeenCalled();
    }
  });
  it('at once on any view but the Live view: the worker registers there without reloading (vite.config.ts, window.coi)', async () => {
    for (const search of ['', '?view=history', '?view=compare&cfg=all']) {
      vi.useFakeTimers();
      const { result } = await settle({ search });
      expect(await within(result, 0)).toBe('not isolated');
      vi.useRealTimers();
    }
  });
  it('once the registration failed (no reload comes)', async () => {
    const { result, register } = await settle({ register: async () => { throw new Error('blocked'); } });
    expect(await result).toBe('not isolated');
    expect(register).toHaveBeenCalledWith('http://127.0.0.1/x/coi-serviceworker.js');
  });
  it('once registered when the worker served this load and has nothing to install (it will not reload)', async () => {
    expect(await (await settle({ servedByWorker: true, register: async () => ({ installing: null, waiting: null }) })).result).toBe('not isolated');
  });
  it('not while the reload is coming (first visit: the worker installing; or a load it did not serve), only after the wait', async () => {
    vi.useFakeTimers();
    const { RELOAD_WAIT_MS } = await import('../src/crossOriginIsolation');
    for (const page of [{ servedByWorker: false }, { servedByWorker: true }, { servedByWorker: false, register: async () => ({ installing: null, waiting: null }) }]) {
      const { result } = await settle(page);
      expect(await within(result, RELOAD_WAIT_MS - 100)).toBe('pending');
      expect(await within(result, 200)).toBe('not isolated');
    }
  });
});
