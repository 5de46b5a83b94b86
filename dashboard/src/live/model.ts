// The Live view's model: the engine state the front-end applies each step (values and neighbour links of every
// device, the one EngineState of collektive-wasm's JS package, decoded there) and the run's settings.
export type { EngineState } from '../../../collektive-wasm/src/js/state.mjs';

export type EngineKind = 'wasm' | 'websocket';
export type Pacing = 'frame' | 'free';
export type WsEncoding = 'json' | 'json-split' | 'batched' | 'binary';
export type ScenarioKind = 'reference' | 'random';
