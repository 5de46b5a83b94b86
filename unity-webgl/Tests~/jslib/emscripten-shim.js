// The part of the Emscripten runtime that the project's .jslib plugins use, for exercising them in a browser
// without a Unity build: LibraryManager/mergeInto/autoAddDeps, the heap views (HEAPU8, HEAP32, HEAPF64), a real
// first-fit _malloc/_free over that heap (with a count of live blocks, so tests can catch leaks), UTF8ToString,
// stringToUTF8, lengthBytesUTF8 and the function table behind makeDynCall.
//
// installJslib(source) does what Emscripten's library linker does with a .jslib: expands the {{{ makeDynCall }}}
// macro (to getWasmTableEntry(ptr), as Emscripten ≥ 3.1 does without DYNCALLS), evaluates mergeInto, then exposes
// each `$name` helper as the global `name` and each function `f` as the global `_f`, as the generated module does.
(function () {
  'use strict';
  var HEAP_BYTES = 16 << 20;
  var memory = new ArrayBuffer(HEAP_BYTES);
  window.HEAPU8 = new Uint8Array(memory);
  window.HEAP8 = new Int8Array(memory);
  window.HEAP32 = new Int32Array(memory);
  window.HEAPU32 = new Uint32Array(memory);
  window.HEAPF32 = new Float32Array(memory);
  window.HEAPF64 = new Float64Array(memory);

  // First-fit allocator over [BASE, HEAP_BYTES), 8-byte aligned, address 0 never returned (NULL).
  var BASE = 1024;
  var free = [{ start: BASE, size: HEAP_BYTES - BASE }];
  var live = new Map();
  window._malloc = function (size) {
    var want = Math.max(8, (size + 7) & ~7);
    for (var i = 0; i < free.length; i++) {
      var b = free[i];
      if (b.size >= want) {
        var p = b.start;
        b.start += want;
        b.size -= want;
        if (b.size === 0) free.splice(i, 1);
        live.set(p, want);
        HEAPU8.fill(0xcd, p, p + want); // garbage, as real malloc may return
        return p;
      }
    }
    return 0;
  };
  window._free = function (p) {
    if (p === 0) return;
    var size = live.get(p);
    if (size === undefined) throw new Error('_free of a pointer not from _malloc: ' + p);
    live.delete(p);
    free.push({ start: p, size: size });
    free.sort(function (a, b) { return a.start - b.start; });
    for (var i = 0; i + 1 < free.length;) {
      if (free[i].start + free[i].size === free[i + 1].start) { free[i].size += free[i + 1].size; free.splice(i + 1, 1); }
      else i++;
    }
  };
  window.heapLiveBlocks = function () { return live.size; };

  var encoder = new TextEncoder();
  var decoder = new TextDecoder('utf-8');
  window.lengthBytesUTF8 = function (s) { return encoder.encode(s).length; };
  window.stringToUTF8 = function (s, outPtr, maxBytesToWrite) {
    if (!(maxBytesToWrite > 0)) return 0;
    var bytes = encoder.encode(s);
    var n = Math.min(bytes.length, maxBytesToWrite - 1);
    HEAPU8.set(bytes.subarray(0, n), outPtr);
    HEAPU8[outPtr + n] = 0;
    return n;
  };
  window.UTF8ToString = function (ptr, maxBytesToRead) {
    if (!ptr) return '';
    var end = ptr;
    var limit = maxBytesToRead === undefined ? HEAPU8.length : ptr + maxBytesToRead;
    while (end < limit && HEAPU8[end] !== 0) end++;
    return decoder.decode(HEAPU8.subarray(ptr, end));
  };
  /** A C string on the heap (caller frees), as IL2CPP marshals a C# string argument. */
  window.allocUTF8 = function (s) {
    var size = lengthBytesUTF8(s) + 1;
    var p = _malloc(size);
    stringToUTF8(s, p, size);
    return p;
  };

  // The function table: C# passes [MonoPInvokeCallback] methods as table indices.
  var table = [null];
  window.getWasmTableEntry = function (index) {
    var f = table[index];
    if (typeof f !== 'function') throw new Error('no function at table index ' + index);
    return f;
  };
  window.addFunction = function (f) { table.push(f); return table.length - 1; };

  window.LibraryManager = { library: {} };
  window.mergeInto = function (target, source) {
    for (var k in source) if (Object.prototype.hasOwnProperty.call(source, k)) target[k] = source[k];
  };
  window.autoAddDeps = function (lib, name) {
    for (var k in lib) {
      if (k.slice(0, 1) !== '$' && k.indexOf('__') < 0 && typeof lib[k] === 'function') {
        var deps = lib[k + '__deps'] || (lib[k + '__deps'] = []);
        if (deps.indexOf(name) < 0) deps.push(name);
      }
    }
  };

  var MACRO = /\{\{\{\s*makeDynCall\(\s*'([a-z]+)'\s*,\s*'([A-Za-z_$][\w$]*)'\s*\)\s*\}\}\}/g;
  window.installJslib = function (source) {
    var expanded = source.replace(MACRO, function (_, sig, ptr) { return 'getWasmTableEntry(' + ptr + ')'; });
    if (expanded.indexOf('{{{') >= 0) throw new Error('unexpanded Emscripten macro left in the jslib');
    var before = Object.keys(LibraryManager.library);
    (0, eval)(expanded);
    var lib = LibraryManager.library;
    var added = [];
    Object.keys(lib).forEach(function (k) {
      if (before.indexOf(k) >= 0 && lib[k] === undefined) return;
      if (k.indexOf('__') >= 0) return;
      if (k.slice(0, 1) === '$') window[k.slice(1)] = lib[k];
      else { window['_' + k] = lib[k]; added.push(k); }
    });
    // Check that every declared dependency resolves, as the Emscripten linker would.
    Object.keys(lib).forEach(function (k) {
      var m = /^(.*)__deps$/.exec(k);
      if (!m) return;
      lib[k].forEach(function (d) {
        var name = d.slice(0, 1) === '$' ? d.slice(1) : '_' + d;
        if (window[name] === undefined) throw new Error(m[1] + ' depends on missing ' + d);
      });
    });
    return added;
  };
})();
