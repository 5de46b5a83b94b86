// The one module that knows the collektive-wasm facade's shape (collektive-wasm/README.md); the rest of the Live
// view sees only Facade / FacadeSim. The .wasm file is served from this app's own build (Vite `?url`), no CDN.
// @ts-expect-error the facade's wrapper is plain JavaScript without type declarations
import { loadWasmEngine } from '../../../../collektive-wasm/src/js/engine.mjs';
import wasmUrl from '../../../../collektive-wasm/build/wasm/collektive-wasm.wasm?url';

export interface FacadeState {
  values: Float64Array;
  offsets: Int32Array;
  ids: Int32Array;
}

export interface FacadeSim {
  setSource(node: number, isSource: boolean): void;
  updatePositions(xyz: Float64Array): void;
  stepAndGetState(rounds: number): FacadeState;
  destroy(): void;
}

export interface Facade {
  create(nodeCount: number, maxDistance: number): FacadeSim;
  noop(): void;
  timingsCsv(): string;
  clearTimings(): void;
  referencePositions?(nodeCount: number, maxDistance: number): Float64Array;
}

let loading: Promise<Facade> | null = null;

/** Loads the Kotlin/Wasm engine once per page. */
export function loadFacade(): Promise<Facade> {
  loading ??= (async () => {
    const raw = await loadWasmEngine(wasmUrl);
    return adapt(raw);
  })();
  return loading;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function adapt(f: any): Facade {
  return {
    create(nodeCount, maxDistance) {
      const h = f.create(nodeCount, maxDistance);
      return {
        setSource: (node, isSource) => f.setSource(h, node, isSource),
        updatePositions: (xyz) => f.updatePositions(h, xyz),
        stepAndGetState: (rounds) => f.stepAndGetState(h, rounds),
        destroy: () => f.destroy(h),
      };
    },
    noop: () => f.noop(),
    timingsCsv: () => f.timingsCsv(),
    clearTimings: () => f.clearTimings?.(),
    referencePositions: f.referencePositions ? (n, d) => f.referencePositions(n, d) : undefined,
  };
}
