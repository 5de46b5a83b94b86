// Timing ids of the web front-end (docs/measurements.md).
export const WEB_IDS = {
  wasmCall: 'step.web.wasm.call',
  wasmParse: 'step.web.wasm.parse',
  wsSend: 'step.web.ws.send',
  wsWait: 'step.web.ws.wait',
  wsParse: 'step.web.ws.parse',
  apply: 'step.web.apply',
  e2e: 'step.web.e2e',
  /** Mean e2e of one step over a block of back-to-back steps (the page clock cannot resolve one small step). */
  e2eBlock: 'step.web.e2e.block',
  frameWait: 'step.frame.wait',
  wasmNoop: 'floor.web.wasm.noop',
  wsEcho: 'floor.web.ws.echo',
} as const;

/** Ids recorded per engine, in display order. */
export const IDS_BY_ENGINE = {
  wasm: [WEB_IDS.wasmCall, WEB_IDS.wasmParse, WEB_IDS.apply, WEB_IDS.frameWait, WEB_IDS.e2e],
  websocket: [WEB_IDS.wsSend, WEB_IDS.wsWait, WEB_IDS.wsParse, WEB_IDS.apply, WEB_IDS.frameWait, WEB_IDS.e2e],
} as const;
