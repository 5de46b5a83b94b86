// WebGL stand-ins for the desktop C ABI of libsimple_gradient.so (docs/reference-study.md), which the shared package's NativeApi
// imports with [DllImport("simple_gradient")]. A WebGL player has no dynamic libraries: if IL2CPP links these
// imports statically, these definitions resolve them, so the build links; calling one (the desktop-only Native
// engine) fails with a clear error. EngineFactory never creates the Native engine in a WebGL player.
var CollektiveNativeStubsLibrary = {
  $CollektiveNativeStub: function (name) {
    throw new Error(name + ': the Native engine (libsimple_gradient.so) is desktop-only; in a WebGL player use the Wasm or WebSocket engine');
  },

  create_with_distance: function () { CollektiveNativeStub('create_with_distance'); },
  destroy_with_distance: function () { CollektiveNativeStub('destroy_with_distance'); },
  set_source_with_distance: function () { CollektiveNativeStub('set_source_with_distance'); },
  clear_sources_with_distance: function () { CollektiveNativeStub('clear_sources_with_distance'); },
  update_position: function () { CollektiveNativeStub('update_position'); },
  update_positions: function () { CollektiveNativeStub('update_positions'); },
  step_with_distance: function () { CollektiveNativeStub('step_with_distance'); },
  get_value_with_distance: function () { CollektiveNativeStub('get_value_with_distance'); },
  step_and_get_state_with_distance: function () { CollektiveNativeStub('step_and_get_state_with_distance'); },
  free_state_buffer: function () { CollektiveNativeStub('free_state_buffer'); },
  noop: function () { CollektiveNativeStub('noop'); },
  last_error_code: function () { CollektiveNativeStub('last_error_code'); },
  last_error: function () { CollektiveNativeStub('last_error'); },
  set_timing_csv_path: function () { CollektiveNativeStub('set_timing_csv_path'); },
  flush_timings: function () { CollektiveNativeStub('flush_timings'); },
  scenario_positions: function () { CollektiveNativeStub('scenario_positions'); }
};

autoAddDeps(CollektiveNativeStubsLibrary, '$CollektiveNativeStub');
mergeInto(LibraryManager.library, CollektiveNativeStubsLibrary);
