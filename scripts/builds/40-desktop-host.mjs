// Build step `desktop-host`: the headless C# front-end (Mono) compiled from the shared Unity package's Runtime
// files and desktop-host/src (see desktop-host/README.md).
import { buildDesktopHost } from '../../desktop-host/build.mjs';

export const steps = [{
  name: 'desktop-host',
  description: 'C# front-end (mcs, C# 7.2): com.collektive.frontend Runtime + headless host',
  inputs: ['unity-webgl/Packages/com.collektive.frontend/Runtime', 'desktop-host/src', 'desktop-host/build.mjs', 'desktop-host/toolchain.mjs'],
  outputs: ['desktop-host/build/desktop-host.exe', 'desktop-host/build/Collektive.Frontend.dll'],
  run: () => buildDesktopHost(),
}];
