// A stand-in for a Unity WebGL build's loader (Build/unity.loader.js): what react-unity-webgl calls —
// window.createUnityInstance(canvas, config, onProgress) → a Promise of an instance with SendMessage — recording
// every SendMessage and what the page had exposed for the player's jslib when the "player" started.
window.__unity = { sent: [], config: null, facadeAtStart: null };
window.createUnityInstance = function (canvas, config, onProgress) {
  var f = window.collektiveWasm;
  var probe = null;
  if (f) {
    var h = f.create(3, 3.0);
    f.updatePositions(h, new Float64Array([0, 0, 0, 2, 0, 0, 9, 0, 0]));
    f.setSource(h, 0, true);
    var s = f.stepAndGetState(h, 2); // round 1: device 1 runs before the source (reverse id order)
    probe = { kind: f.kind, values: Array.from(s.values), offsets: Array.from(s.neighborOffsets) };
    f.destroy(h);
  }
  window.__unity.config = { dataUrl: config.dataUrl, frameworkUrl: config.frameworkUrl, codeUrl: config.codeUrl, productName: config.productName };
  window.__unity.facadeAtStart = probe;
  onProgress(0.5);
  onProgress(1);
  return Promise.resolve({
    SendMessage: function (o, m, p) { window.__unity.sent.push([o, m, p]); },
    SetFullscreen: function () {},
    Quit: function () { return Promise.resolve(); },
    Module: { canvas: canvas },
  });
};
