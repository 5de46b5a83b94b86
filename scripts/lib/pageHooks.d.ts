// The hooks the dashboard's page exposes on `window` for the Node drivers (bench:web, bench:dashboard, the e2e tests),
// as the code in page.evaluate callbacks sees them: dashboard/src/live/run/benchHook.ts defines __bench and __live
// with their exact types; the drivers read them as JSON.
export {};

declare global {
  interface Window {
    __bench?: { ready: boolean; run(config: unknown): Promise<any> };
    __benchProgress?: (progress: unknown) => void;
    __benchProgressLast?: unknown;
  }
}
