/**
 * The first visit on a host without COOP/COEP headers (docs/hosting.md): coi-serviceworker, a classic script ahead of
 * the app, registers its worker and reloads the page once to make it cross-origin isolated. Whatever the app fetched
 * before that reload (DuckDB-Wasm, the manifest, the run packs) was aborted and fetched again, so the app starts only
 * once the page is isolated or the worker will not reload it.
 */

/** How long a page that should reload waits before it starts anyway (the reload comes within a second). */
export const RELOAD_WAIT_MS = 10000;

let settled: Promise<'isolated' | 'not isolated'> | null = null;
/**
 * Resolves when the app may fetch its data: at once when the page is isolated (headers, or the worker already
 * controlled its load) or coi-serviceworker cannot register (no secure context, no service workers); after the
 * worker's registration when it will not reload the page (it failed, or the worker served this load and has no
 * update to install). While the reload is coming it does not resolve (the page is replaced), unless RELOAD_WAIT_MS
 * pass without it.
 */
export const whenIsolationSettled = (): Promise<'isolated' | 'not isolated'> => (settled ??= isolationSettled());

async function isolationSettled(): Promise<'isolated' | 'not isolated'> {
  if (typeof window === 'undefined' || window.crossOriginIsolated !== false) return 'isolated';
  const workers = navigator.serviceWorker;
  const script = document.querySelector<HTMLScriptElement>('script[src$="coi-serviceworker.js"]');
  if (!window.isSecureContext || !workers || !script) return 'not isolated';
  // Whether a worker served this page's load. Not `workers.controller`: the new worker claims the page as it
  // activates, before the reload that makes it isolated.
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const servedByWorker = (navigation?.workerStart ?? 0) > 0;
  let registration: ServiceWorkerRegistration;
  try {
    // coi-serviceworker's own call (same script, same scope): the registration it made, not a second install.
    registration = await workers.register(script.src);
  } catch {
    return 'not isolated'; // its registration failed too: it will not reload
  }
  // It reloads a page its worker did not serve, and any page when a new worker installs (updatefound).
  if (servedByWorker && !registration.installing && !registration.waiting) return 'not isolated';
  await new Promise((resolve) => setTimeout(resolve, RELOAD_WAIT_MS));
  return 'not isolated';
}
