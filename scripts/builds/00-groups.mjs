// Named groups of build steps. Step names are a contract (docs/engine-api.md, docs/commands.md: `npm run build`):
// core-jvm, toolchain-native, native, wasm, js, jvm-server, desktop-host, dashboard.
const group = (name, description, deps) => ({ name, description, deps, inputs: [], outputs: [], run: async () => {} });
export const steps = [
  group('engine', 'all engine builds (JVM, Native, Wasm, JS, JVM server)', ['core-jvm', 'native', 'wasm', 'js', 'jvm-server']),
  group('all', 'engine builds, C# front-end, the dashboard, Toxiproxy (bench:network) and the OS floor program', ['engine', 'desktop-host', 'dashboard', 'toxiproxy', 'os-floor']),
];
