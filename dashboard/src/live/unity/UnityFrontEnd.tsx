// The Unity WebGL front-end (unity-webgl/) as an option of the Live view. When a build exists under
// public/unity/Build/ (unity.loader.js, .data, .framework.js, .wasm — uncompressed, see unity-webgl/README.md) it is
// embedded with react-unity-webgl after the Kotlin/Wasm facade has been put on window.collektiveWasm (the player's
// in-process engine); otherwise the component explains how to make the build. The engine switch, N and pacing are
// sent to the player's SimulationManager (SendMessage "Restart" with "key=value;…"); the player reports status
// lines and finished timing CSVs (ids step.web.wasm.call/parse, step.web.ws.send/wait/parse, step.unity.apply/e2e,
// step.frame.wait) through window events, offered here as downloads.
import { useCallback, useEffect, useState } from 'react';
import { Unity, useUnityContext } from 'react-unity-webgl';
import { scenarioFor } from '../../../../measurement/src/scenario.mjs';
import { exposeWasmFacade } from './wasmBridge';
import { currentViewState } from '../../state/url';

export type UnityEngineChoice = 'wasm' | 'websocket';
export type UnityPacing = 'fixed' | 'free';

export interface UnityFrontEndProps {
  /** Folder of the build's files; default `<base>unity/Build`. */
  buildUrl?: string;
  /** Node ws server for the WebSocket engine; default ?ws=… or ws://127.0.0.1:8787. */
  wsUrl?: string;
  /** Called with each timing CSV the player finishes (file name, content). */
  onCsv?: (name: string, text: string) => void;
}

/** The default build folder, served from public/unity/Build. */
export function defaultBuildUrl(): string {
  return `${import.meta.env.BASE_URL}unity/Build`;
}

function defaultWs(): string {
  return currentViewState().live.wsUrl ?? 'ws://127.0.0.1:8787';
}

/** True when `<buildUrl>/unity.loader.js` is served as JavaScript (a dev server answers unknown paths with HTML). */
export async function unityBuildExists(buildUrl: string): Promise<boolean> {
  const r = await fetch(`${buildUrl}/unity.loader.js`, { method: 'HEAD', cache: 'no-store' });
  return r.ok && /javascript/.test(r.headers.get('content-type') ?? '');
}

/** The run spec understood by SimulationManager.Restart (unity-webgl/Assets/Scripts/RunConfig.cs). */
export function restartSpec(engine: UnityEngineChoice, nodes: number, pacing: UnityPacing, frames: number, wsUrl: string): string {
  return `engine=${engine};n=${nodes};scenario=${scenarioFor(nodes)};pacing=${pacing};frames=${frames};url=${wsUrl}`;
}

export default function UnityFrontEnd({ buildUrl = defaultBuildUrl(), wsUrl = defaultWs(), onCsv }: UnityFrontEndProps) {
  const [state, setState] = useState<'checking' | 'missing' | 'loading-wasm' | 'ready' | { error: string }>('checking');

  useEffect(() => {
    let live = true;
    unityBuildExists(buildUrl)
      .then((ok) => {
        if (!live) return;
        if (!ok) { setState('missing'); return; }
        setState('loading-wasm');
        return exposeWasmFacade().then(() => { if (live) setState('ready'); });
      })
      .catch((e: unknown) => { if (live) setState({ error: String(e) }); });
    return () => { live = false; };
  }, [buildUrl]);

  if (state === 'checking') return <p className="muted">Looking for a Unity WebGL build in {buildUrl}…</p>;
  if (state === 'missing') return <UnityBuildInstructions buildUrl={buildUrl} />;
  if (state === 'loading-wasm') return <p className="muted">Loading the Kotlin/Wasm engine for the Unity player…</p>;
  if (typeof state === 'object') return <p className="error">Unity front-end: {state.error}</p>;
  return <UnityPlayer buildUrl={buildUrl} wsUrl={wsUrl} onCsv={onCsv} />;
}

function UnityPlayer({ buildUrl, wsUrl, onCsv }: Required<Pick<UnityFrontEndProps, 'buildUrl' | 'wsUrl'>> & Pick<UnityFrontEndProps, 'onCsv'>) {
  const { unityProvider, isLoaded, loadingProgression, sendMessage, initialisationError } = useUnityContext({
    loaderUrl: `${buildUrl}/unity.loader.js`,
    dataUrl: `${buildUrl}/unity.data`,
    frameworkUrl: `${buildUrl}/unity.framework.js`,
    codeUrl: `${buildUrl}/unity.wasm`,
    companyName: 'Collektive',
    productName: 'Collektive Gradient',
  });
  const [engine, setEngine] = useState<UnityEngineChoice>('wasm');
  const [nodes, setNodes] = useState(10);
  const [pacing, setPacing] = useState<UnityPacing>('free');
  const [frames, setFrames] = useState(1030);
  const [status, setStatus] = useState('');
  const [csvs, setCsvs] = useState<{ name: string; url: string }[]>([]);

  useEffect(() => {
    const onStatus = (e: Event) => setStatus((e as CustomEvent<{ text: string }>).detail.text);
    const onCsvEvent = (e: Event) => {
      const { name, text } = (e as CustomEvent<{ name: string; text: string }>).detail;
      onCsv?.(name, text);
      const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
      setCsvs((list) => [{ name, url }, ...list.filter((c) => c.name !== name)]);
    };
    window.addEventListener('collektive-unity-status', onStatus);
    window.addEventListener('collektive-unity-csv', onCsvEvent);
    return () => {
      window.removeEventListener('collektive-unity-status', onStatus);
      window.removeEventListener('collektive-unity-csv', onCsvEvent);
    };
  }, [onCsv]);

  const restart = useCallback(() => {
    sendMessage('SimulationManager', 'Restart', restartSpec(engine, nodes, pacing, frames, wsUrl));
  }, [sendMessage, engine, nodes, pacing, frames, wsUrl]);

  useEffect(() => { if (isLoaded) restart(); }, [isLoaded, restart]);

  return (
    <div>
      <div className="controls">
        <span className="seg">
          {(['wasm', 'websocket'] as const).map((e) => (
            <button key={e} type="button" disabled={!isLoaded} aria-pressed={engine === e} onClick={() => setEngine(e)}>
              {e === 'wasm' ? 'Wasm in page' : 'WebSocket to Node'}
            </button>
          ))}
        </span>
        <label>N <input type="number" min={1} max={10000} value={nodes} onChange={(e) => setNodes(Math.max(1, Number(e.target.value) || 1))} /></label>
        <label>pacing <select value={pacing} onChange={(e) => setPacing(e.target.value as UnityPacing)}>
          <option value="free">free</option><option value="fixed">fixed (FixedUpdate, 20 ms)</option>
        </select></label>
        <label>frames <input type="number" min={1} value={frames} onChange={(e) => setFrames(Math.max(1, Number(e.target.value) || 1))} /></label>
        <button type="button" disabled={!isLoaded} onClick={restart}>Restart</button>
        <span className="muted small">{isLoaded ? status : `loading Unity ${Math.round(loadingProgression * 100)} %`}</span>
      </div>
      {initialisationError && <p className="error">Unity failed to start: {initialisationError.message}</p>}
      {engine === 'websocket' && <p className="muted small">WebSocket engine: {wsUrl} (start it: <code>npm run server:node -- --port 8787</code>)</p>}
      <Unity unityProvider={unityProvider} style={{ width: '100%', aspectRatio: '16 / 9', background: '#15171c' }} />
      {csvs.length > 0 && (
        <p className="small">Timings of finished runs: {csvs.map((c) => <a key={c.name} href={c.url} download={c.name} style={{ marginRight: 10 }}>{c.name}</a>)}</p>
      )}
    </div>
  );
}

/** Shown when public/unity/Build has no player: how to make one. */
export function UnityBuildInstructions({ buildUrl }: { buildUrl: string }) {
  return (
    <div className="note">
      <p><strong>No Unity WebGL build found</strong> at <code>{buildUrl}/unity.loader.js</code>.</p>
      <p>The Unity front-end needs the Unity Editor 6000.2.15f1 with WebGL Build Support (not installable on the
        project's machines). With it:</p>
      <ol>
        <li>Open <code>unity-webgl/</code> in Unity Hub (the Editor creates <code>Assets/Scenes/Gradient.unity</code> on first open).</li>
        <li>Menu <em>Collektive ▸ Build WebGL into public/unity</em>, or in a shell:<br />
          <code>Unity -batchmode -quit -projectPath unity-webgl -buildTarget WebGL -executeMethod Collektive.Unity.Editor.WebGLBuilder.Build -logFile -</code></li>
        <li>Reload this page: the build (uncompressed, no special headers needed) is served from <code>public/unity/</code>.</li>
      </ol>
      <p className="muted small">See unity-webgl/README.md for what is verified without the Editor.</p>
    </div>
  );
}
