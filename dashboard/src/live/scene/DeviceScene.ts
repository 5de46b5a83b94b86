// The WebGL scene: devices as one Points object (per-vertex colour, round sprites, constant pixel size), links as
// one LineSegments object whose buffers are rewritten each step, sources ringed by a second Points object.
// Orthographic camera looking at the z = 0 plane; the engine's positions are drawn as they are (x, y).
import * as THREE from 'three';
import type { EngineState } from '../model';
import { colorValues } from './colors';
import type { ProgramOutput } from '../engines/programs';

function discTexture(): THREE.Texture {
  const size = 64;
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2) / (size / 2);
      const a = Math.max(0, Math.min(1, (1 - d) * 12));
      const o = 4 * (y * size + x);
      data[o] = 255; data[o + 1] = 255; data[o + 2] = 255; data[o + 3] = Math.round(a * 255);
    }
  }
  const tex = new THREE.DataTexture(data, size, size, THREE.RGBAFormat);
  tex.needsUpdate = true;
  return tex;
}

export class DeviceScene {
  readonly renderer: THREE.WebGLRenderer;
  private readonly scene = new THREE.Scene();
  private readonly camera = new THREE.OrthographicCamera(-1, 1, 1, -1, -1e5, 1e5);
  private readonly sprite = discTexture();
  private points!: THREE.Points;
  private rings!: THREE.Points;
  private links!: THREE.LineSegments;
  private positionsF32 = new Float32Array(0);
  private colors = new Float32Array(0);
  private linkPositions = new Float32Array(0);
  private nodeCount = 0;
  private view = { cx: 0, cy: 0, halfW: 1, halfH: 1 };
  /** How values are coloured: the running program's output kind (scene/colors.ts). */
  output: ProgramOutput = 'distance';
  /** Largest finite value in the last applied state (for the legend). */
  maxValue = 0;
  linkCount = 0;

  constructor(readonly canvas: HTMLCanvasElement) {
    this.renderer = new THREE.WebGLRenderer({ canvas, antialias: true });
    this.renderer.setPixelRatio(Math.min(2, window.devicePixelRatio || 1));
    this.scene.background = new THREE.Color(0x10141c);
  }

  /** Rebuilds the buffers for nodeCount devices at xyz (x0 y0 z0 ...), sources ringed, camera fitted. */
  reset(xyz: Float64Array, sources: Set<number>): void {
    for (const o of [this.points, this.rings, this.links]) {
      if (o) { this.scene.remove(o); o.geometry.dispose(); (o.material as THREE.Material).dispose(); }
    }
    const n = xyz.length / 3;
    this.nodeCount = n;
    this.positionsF32 = Float32Array.from(xyz);
    this.colors = new Float32Array(3 * n).fill(0.5);
    const size = n <= 100 ? 18 : n <= 1000 ? 9 : 5;

    const g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.BufferAttribute(this.positionsF32, 3).setUsage(THREE.DynamicDrawUsage));
    g.setAttribute('color', new THREE.BufferAttribute(this.colors, 3).setUsage(THREE.DynamicDrawUsage));
    this.points = new THREE.Points(g, new THREE.PointsMaterial({
      size, sizeAttenuation: false, vertexColors: true, map: this.sprite, alphaTest: 0.5, transparent: false,
    }));
    this.points.renderOrder = 2;

    this.rings = new THREE.Points(new THREE.BufferGeometry(), new THREE.PointsMaterial({
      size: size * 1.7, sizeAttenuation: false, color: 0xffffff, map: this.sprite, alphaTest: 0.5,
    }));
    this.rings.renderOrder = 1;
    this.setSources(sources);

    this.linkPositions = new Float32Array(6 * Math.max(16, 4 * n));
    const lg = new THREE.BufferGeometry();
    lg.setAttribute('position', new THREE.BufferAttribute(this.linkPositions, 3).setUsage(THREE.DynamicDrawUsage));
    lg.setDrawRange(0, 0);
    this.links = new THREE.LineSegments(lg, new THREE.LineBasicMaterial({ color: 0x9cc0f0 }));
    this.links.renderOrder = 0;
    this.linkCount = 0;
    this.scene.add(this.links, this.rings, this.points);
    this.fit();
  }

  setSources(sources: Set<number>): void {
    const xyz = new Float32Array(3 * sources.size);
    let k = 0;
    for (const s of sources) { xyz.set(this.positionsF32.subarray(3 * s, 3 * s + 3), 3 * k); k += 1; }
    this.rings.geometry.setAttribute('position', new THREE.BufferAttribute(xyz, 3));
    this.rings.geometry.computeBoundingSphere();
  }

  /** Moves one device (dragging). */
  moveDevice(i: number, x: number, y: number, z: number, sources: Set<number>): void {
    this.positionsF32[3 * i] = x;
    this.positionsF32[3 * i + 1] = y;
    this.positionsF32[3 * i + 2] = z;
    (this.points.geometry.getAttribute('position') as THREE.BufferAttribute).needsUpdate = true;
    this.points.geometry.computeBoundingSphere();
    if (sources.has(i)) this.setSources(sources);
  }

  /** Applies a step's state: colours by value and link buffers (each link i < j once). */
  apply(state: EngineState): void {
    const n = Math.min(this.nodeCount, state.values.length);
    this.maxValue = colorValues(state.values.subarray(0, n), this.colors, this.output);
    (this.points.geometry.getAttribute('color') as THREE.BufferAttribute).needsUpdate = true;
    const { neighborOffsets: offsets, neighborIds: ids } = state;
    let links = 0;
    for (let i = 0; i < n; i++) for (let k = offsets[i]; k < offsets[i + 1]; k++) if (ids[k] > i && ids[k] < n) links += 1;
    const lg = this.links.geometry;
    if (6 * links > this.linkPositions.length) {
      this.linkPositions = new Float32Array(6 * links * 2);
      lg.setAttribute('position', new THREE.BufferAttribute(this.linkPositions, 3).setUsage(THREE.DynamicDrawUsage));
    }
    const p = this.positionsF32;
    const out = this.linkPositions;
    let o = 0;
    for (let i = 0; i < n; i++) {
      for (let k = offsets[i]; k < offsets[i + 1]; k++) {
        const j = ids[k];
        if (j <= i || j >= n) continue;
        out[o] = p[3 * i]; out[o + 1] = p[3 * i + 1]; out[o + 2] = p[3 * i + 2];
        out[o + 3] = p[3 * j]; out[o + 4] = p[3 * j + 1]; out[o + 5] = p[3 * j + 2];
        o += 6;
      }
    }
    const attr = lg.getAttribute('position') as THREE.BufferAttribute;
    attr.needsUpdate = true;
    attr.clearUpdateRanges();
    attr.addUpdateRange(0, o);
    lg.setDrawRange(0, 2 * links);
    this.linkCount = links;
  }

  /** Fits the camera to the devices' bounding box with a margin. */
  fit(): void {
    const p = this.positionsF32;
    let minX = Infinity; let maxX = -Infinity; let minY = Infinity; let maxY = -Infinity;
    for (let i = 0; i < p.length; i += 3) {
      minX = Math.min(minX, p[i]); maxX = Math.max(maxX, p[i]);
      minY = Math.min(minY, p[i + 1]); maxY = Math.max(maxY, p[i + 1]);
    }
    if (!Number.isFinite(minX)) { minX = -1; maxX = 1; minY = -1; maxY = 1; }
    const w = Math.max(1, maxX - minX);
    const h = Math.max(1, maxY - minY);
    this.view = { cx: (minX + maxX) / 2, cy: (minY + maxY) / 2, halfW: w * 0.55 + 1.5, halfH: h * 0.55 + 1.5 };
    this.resize();
  }

  /** Matches the drawing buffer to the canvas' CSS size and keeps the aspect ratio (no stretching). */
  resize(): void {
    const { clientWidth: cw, clientHeight: ch } = this.canvas;
    if (cw === 0 || ch === 0) return;
    this.renderer.setSize(cw, ch, false);
    const aspect = cw / ch;
    let { halfW, halfH } = this.view;
    if (halfW / halfH > aspect) halfH = halfW / aspect; else halfW = halfH * aspect;
    const c = this.camera;
    c.left = this.view.cx - halfW; c.right = this.view.cx + halfW;
    c.top = this.view.cy + halfH; c.bottom = this.view.cy - halfH;
    c.updateProjectionMatrix();
  }

  render(): void {
    this.renderer.render(this.scene, this.camera);
  }

  /** World (x, y) under a client-space point. */
  toWorld(clientX: number, clientY: number): [number, number] {
    const r = this.canvas.getBoundingClientRect();
    const nx = (clientX - r.left) / r.width;
    const ny = (clientY - r.top) / r.height;
    const c = this.camera;
    return [c.left + nx * (c.right - c.left), c.top - ny * (c.top - c.bottom)];
  }

  /** Client-space point of world (x, y) (inverse of [toWorld]). */
  toClient(x: number, y: number): [number, number] {
    const r = this.canvas.getBoundingClientRect();
    const c = this.camera;
    return [r.left + ((x - c.left) / (c.right - c.left)) * r.width, r.top + ((c.top - y) / (c.top - c.bottom)) * r.height];
  }

  /** Client-space point of device i. */
  deviceClient(i: number): [number, number] {
    return this.toClient(this.positionsF32[3 * i], this.positionsF32[3 * i + 1]);
  }

  /** The device nearest to a client-space point within `radiusPx` pixels, or -1. */
  pick(clientX: number, clientY: number, radiusPx = 12): number {
    const [x, y] = this.toWorld(clientX, clientY);
    const perPx = (this.camera.right - this.camera.left) / Math.max(1, this.canvas.getBoundingClientRect().width);
    const r2 = (radiusPx * perPx) ** 2;
    let best = -1;
    let bestD = r2;
    const p = this.positionsF32;
    for (let i = 0; i < this.nodeCount; i++) {
      const d = (p[3 * i] - x) ** 2 + (p[3 * i + 1] - y) ** 2;
      if (d <= bestD) { bestD = d; best = i; }
    }
    return best;
  }

  /** Pixel statistics of the last rendered frame (read back from the drawing buffer), for tests. */
  pixelStats(): { width: number; height: number; nonBackground: number; distinctColors: number } {
    this.render();
    const gl = this.renderer.getContext();
    const w = gl.drawingBufferWidth;
    const h = gl.drawingBufferHeight;
    const px = new Uint8Array(4 * w * h);
    gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, px);
    const bg = [0x10, 0x14, 0x1c];
    let nonBackground = 0;
    const colors = new Set<number>();
    for (let i = 0; i < px.length; i += 4) {
      if (Math.abs(px[i] - bg[0]) + Math.abs(px[i + 1] - bg[1]) + Math.abs(px[i + 2] - bg[2]) > 24) {
        nonBackground += 1;
        colors.add(((px[i] >> 3) << 10) | ((px[i + 1] >> 3) << 5) | (px[i + 2] >> 3));
      }
    }
    return { width: w, height: h, nonBackground, distinctColors: colors.size };
  }

  dispose(): void {
    for (const o of [this.points, this.rings, this.links]) {
      if (o) { o.geometry.dispose(); (o.material as THREE.Material).dispose(); }
    }
    this.sprite.dispose();
    this.renderer.dispose();
  }
}
