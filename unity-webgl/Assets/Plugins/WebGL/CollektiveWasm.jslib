// In-process web path: C# (IL2CPP → Wasm) calls the page's Kotlin/Wasm engine facade.
//
// The hosting page loads collektive-wasm/src/js/engine.mjs, awaits its loader and assigns the loaded facade to
// `window.collektiveWasm` before the Unity instance starts (dashboard: dashboard/src/live/unity/UnityFrontEnd.tsx).
// Facade calls used (collektive-wasm/src/js/engine.mjs, loadWasmEngine()): create(nodeCount, maxDistance[, program]) → handle,
// destroy(h), setSource(h, node, isSource), clearSources(h), updatePositions(h, Float64Array xyz),
// stepAndGetState(h, rounds) → { values: Float64Array, neighborOffsets: Int32Array, neighborIds: Int32Array },
// noop(), and the scenes' layouts (the engine's collektive.engine.Scenarios, so C# keeps no copy of them):
// referencePositions(nodeCount, maxDistance), randomPositions(nodeCount, seed, meanDegree, maxDistance) → Float64Array.
//
// No JSON on this path: positions are read from the Emscripten heap as a Float64Array view (HEAPF64), the state is
// written into per-engine buffers allocated with _malloc (values: HEAPF64, neighbour offsets and ids: HEAP32) and
// C# copies them out with Marshal.Copy. Errors never throw into C#: functions return -1 and the message is kept
// for CollektiveWasm_LastError.
var CollektiveWasmLibrary = {
  $CollektiveWasm: {
    engines: {},
    lastError: '',

    facade: function () {
      var f = (typeof window !== 'undefined') ? window.collektiveWasm : undefined;
      if (!f) throw new Error('window.collektiveWasm is not set: the hosting page must load the Kotlin/Wasm facade (collektive-wasm/src/js/engine.mjs) and assign it before starting Unity');
      return f;
    },

    fail: function (where, e) {
      CollektiveWasm.lastError = where + ': ' + ((e && e.message) ? e.message : String(e));
      console.error('[collektive-wasm] ' + CollektiveWasm.lastError);
      return -1;
    },

    engine: function (h) {
      var e = CollektiveWasm.engines[h];
      if (!e) throw new Error('unknown engine handle ' + h);
      return e;
    },

    // Returns a heap buffer of at least `bytes` bytes kept in e[slot], reallocated (8-byte aligned) when too small.
    reserve: function (e, slot, bytes) {
      var want = Math.max(bytes, 8);
      if (e[slot] && e[slot + 'Bytes'] >= want) return e[slot];
      if (e[slot]) _free(e[slot]);
      var cap = Math.max(want, 2 * (e[slot + 'Bytes'] || 0));
      var p = _malloc(cap);
      if (!p) throw new Error('_malloc(' + cap + ') failed');
      e[slot] = p;
      e[slot + 'Bytes'] = cap;
      return p;
    },

    release: function (e) {
      if (e.values) _free(e.values);
      if (e.offsets) _free(e.offsets);
      if (e.ids) _free(e.ids);
      e.values = e.offsets = e.ids = 0;
    }
  },

  CollektiveWasm_IsAvailable: function () {
    return (typeof window !== 'undefined' && window.collektiveWasm) ? 1 : 0;
  },

  // program: a C string (Unity marshals a C# string as UTF-8), 0 for the reference program (the reference call).
  CollektiveWasm_Create: function (nodeCount, maxDistance, program) {
    try {
      var h = program ? CollektiveWasm.facade().create(nodeCount, maxDistance, UTF8ToString(program)) : CollektiveWasm.facade().create(nodeCount, maxDistance);
      CollektiveWasm.engines[h] = { handle: h, nodeCount: nodeCount, values: 0, offsets: 0, ids: 0 };
      return h;
    } catch (e) { return CollektiveWasm.fail('create', e); }
  },

  CollektiveWasm_Destroy: function (h) {
    var e = CollektiveWasm.engines[h];
    if (!e) return;
    CollektiveWasm.release(e);
    delete CollektiveWasm.engines[h];
    try { CollektiveWasm.facade().destroy(h); } catch (err) { CollektiveWasm.fail('destroy', err); }
  },

  CollektiveWasm_SetSource: function (h, node, isSource) {
    try { CollektiveWasm.engine(h); CollektiveWasm.facade().setSource(h, node, isSource !== 0); return 0; }
    catch (e) { return CollektiveWasm.fail('setSource', e); }
  },

  CollektiveWasm_ClearSources: function (h) {
    try { CollektiveWasm.engine(h); CollektiveWasm.facade().clearSources(h); return 0; }
    catch (e) { return CollektiveWasm.fail('clearSources', e); }
  },

  // xyz: double* with `length` = 3 × nodeCount values (x0 y0 z0 x1 ...), e.g. a pinned C# double[].
  CollektiveWasm_UpdatePositions: function (h, xyz, length) {
    try {
      var e = CollektiveWasm.engine(h);
      if (length !== 3 * e.nodeCount) throw new Error('positions length ' + length + ' != 3 × ' + e.nodeCount);
      var view;
      if ((xyz & 7) === 0) view = HEAPF64.subarray(xyz >> 3, (xyz >> 3) + length);
      else view = new Float64Array(HEAPU8.slice(xyz, xyz + 8 * length).buffer);
      CollektiveWasm.facade().updatePositions(h, view);
      return 0;
    } catch (err) { return CollektiveWasm.fail('updatePositions', err); }
  },

  // Runs `rounds` rounds, then copies the state into this engine's heap buffers and writes the header
  // int32[5] = { valuesPtr (double[n]), offsetsPtr (int32[n+1]), idsPtr (int32[total]), n, total }.
  // The buffers stay valid until the next call on this handle or its destruction.
  CollektiveWasm_StepAndGetState: function (h, rounds, header) {
    try {
      var e = CollektiveWasm.engine(h);
      var f = CollektiveWasm.facade();
      var s = f.stepAndGetState(h, rounds);
      var n = s.values.length;
      var total = s.neighborOffsets[n];
      // Allocate first: _malloc may grow the heap and replace the HEAP* views.
      var vp = CollektiveWasm.reserve(e, 'values', 8 * n);
      var op = CollektiveWasm.reserve(e, 'offsets', 4 * (n + 1));
      var ip = CollektiveWasm.reserve(e, 'ids', 4 * total);
      HEAPF64.set(s.values, vp >> 3);
      HEAP32.set(s.neighborOffsets.subarray(0, n + 1), op >> 2);
      HEAP32.set(s.neighborIds.subarray(0, total), ip >> 2);
      var hp = header >> 2;
      HEAP32[hp] = vp;
      HEAP32[hp + 1] = op;
      HEAP32[hp + 2] = ip;
      HEAP32[hp + 3] = n;
      HEAP32[hp + 4] = total;
      return 0;
    } catch (err) { return CollektiveWasm.fail('stepAndGetState', err); }
  },

  // The physical floor of the in-process web path: one C# → JS → Wasm call of the facade's no-op export.
  CollektiveWasm_Noop: function () {
    try { var f = CollektiveWasm.facade(); if (f.noop) f.noop(); return 0; }
    catch (e) { return CollektiveWasm.fail('noop', e); }
  },

  // The engine's layout of a scenario (0: reference, 1: random; the C ABI's SG_SCENARIO_*) written into xyz, a
  // double* of `capacity` values (a pinned C# double[]): x0 y0 z0 x1 ... The seed comes as a double (a JS number:
  // a safe integer, C# refuses others before the call).
  CollektiveWasm_ScenarioPositions: function (scenario, nodeCount, seed, meanDegree, maxDistance, xyz, capacity) {
    try {
      var f = CollektiveWasm.facade();
      var layout;
      if (scenario === 0) layout = f.referencePositions(nodeCount, maxDistance);
      else if (scenario === 1) layout = f.randomPositions(nodeCount, seed, meanDegree, maxDistance);
      else throw new Error('scenario must be 0 (reference) or 1 (random), was ' + scenario);
      if (layout.length > capacity) throw new Error('the layout has ' + layout.length + ' values, the buffer room for ' + capacity);
      if ((xyz & 7) === 0) HEAPF64.set(layout, xyz >> 3);
      else HEAPU8.set(new Uint8Array(layout.buffer, layout.byteOffset, 8 * layout.length), xyz);
      return 0;
    } catch (e) { return CollektiveWasm.fail('scenarioPositions', e); }
  },

  // Returns the last error message as a string the C# marshaller frees.
  CollektiveWasm_LastError: function () {
    var s = CollektiveWasm.lastError;
    var size = lengthBytesUTF8(s) + 1;
    var p = _malloc(size);
    stringToUTF8(s, p, size);
    return p;
  }
};

autoAddDeps(CollektiveWasmLibrary, '$CollektiveWasm');
mergeInto(LibraryManager.library, CollektiveWasmLibrary);
