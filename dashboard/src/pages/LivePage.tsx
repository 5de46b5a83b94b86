// Placeholder: the live web benchmark page (owned by the web-paths helper, who replaces this file).
export default function LivePage() {
  return (
    <section className="live-placeholder">
      <h2>Live</h2>
      <p>The live web benchmark (Wasm vs WebSocket in this page) is not built yet.</p>
      <p>Cross-origin isolated: {String(globalThis.crossOriginIsolated === true)}</p>
    </section>
  );
}
