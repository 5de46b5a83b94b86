// What the Node drivers (bench:web, bench:dashboard, the e2e tests) reach on the page's `window` inside
// page.evaluate callbacks: the dashboard's hooks (dashboard/src/live/run/benchHook.ts types __bench and __live
// exactly; here they are as loose as JSON), and the marks and probes the drivers set themselves.
export {};

declare global {
  interface Window {
    __bench?: { ready: boolean; run(config: unknown): Promise<any> };
    __live?: any;
    __benchProgress?: (progress: unknown) => void;
    __benchProgressLast?: unknown;
    // bench:dashboard's marks: when each part of the page was first there (ms since the time origin)
    __firstPlot?: number;
    __headline?: number;
    __firstView?: number;
    __firstViewEpoch?: number;
    __ciFirst?: number;
    __complete?: number;
    __ciAll?: number;
    __uploadStart?: number[];
    // the e2e tests' probes
    __readyButNotDrawn?: unknown[];
    __pwned?: number;
  }
}
