// The Live view's model: the engine state the front-end applies each step (values and neighbour links of every
// device, the one EngineState of collektive-wasm's JS package, decoded there) and the run's settings.
export type { EngineState } from '../../../collektive-wasm/src/js/state.mjs';

export type EngineKind = 'wasm' | 'websocket';
export type Pacing = 'frame' | 'free';
/** How the page sends a step to the ws server (docs/measurements.md, `encoding`); the catalogue's ENCODINGS.web. */
export const WS_ENCODINGS = ['json', 'json-split', 'batched', 'binary', 'binary-step'] as const;
export type WsEncoding = typeof WS_ENCODINGS[number];
export type ScenarioKind = 'reference' | 'random';
