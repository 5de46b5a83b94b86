/**
 * The first visit on a host without COOP/COEP headers (docs/hosting.md): coi-serviceworker, a classic script ahead of
 * the app, registers its worker, which serves every later load of the site cross-origin isolated. Only the Live view
 * needs isolation (its 5 µs clock), so only a page opened on it is reloaded at once (the `window.coi` policy in
 * vite.config.ts): the app there starts only once the page is isolated or the worker will not reload it, since the
 * reload would abort whatever it fetched. Any other view starts at once; opening the Live view later reloads the
 * page then ([reloadForIsolation]).
 */

/** The view that needs a cross-origin isolated page: the Live view, which times steps with performance.now(). */
export const needsIsolation = (search: string): boolean => new URLSearchParams(search).get('view') === 'live';

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
  // The worker registers but does not reload a page opened on another view (vite.config.ts, `window.coi`).
  if (!needsIsolation(window.location.search)) return 'not isolated';
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

/**
 * Reloads a page that is not cross-origin isolated once coi-serviceworker's worker is active, so that it comes back
 * isolated (the Live view, opened from another view of a first visit). Resolves false, with nothing done, where the
 * page is isolated already or cannot become so (no secure context, no service workers, no worker within `waitMs`),
 * and on a load the worker served already without isolating it (no reload loop).
 */
export async function reloadForIsolation(waitMs = 5000): Promise<boolean> {
  if (typeof window === 'undefined' || window.crossOriginIsolated !== false) return false;
  const workers = navigator.serviceWorker;
  if (!window.isSecureContext || !workers || !document.querySelector('script[src$="coi-serviceworker.js"]')) return false;
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if ((navigation?.workerStart ?? 0) > 0) return false;
  const active = await Promise.race([workers.ready.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), waitMs))]);
  if (!active) return false;
  window.location.reload();
  return true;
}
