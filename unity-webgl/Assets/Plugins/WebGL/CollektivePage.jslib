// Messages from the Unity WebGL player to the hosting page: finished timing CSVs and status lines.
// Delivered as window CustomEvents ('collektive-unity-csv' with detail {name, text}; 'collektive-unity-status'
// with detail {text}) and, when the page defines them, to window.collektiveUnity.onCsv(name, text) /
// window.collektiveUnity.onStatus(text).
var CollektivePageLibrary = {
  CollektivePage_Publish: function (namePtr, textPtr) {
    var detail = { name: UTF8ToString(namePtr), text: UTF8ToString(textPtr) };
    var hooks = (typeof window !== 'undefined') ? window.collektiveUnity : undefined;
    if (hooks && typeof hooks.onCsv === 'function') hooks.onCsv(detail.name, detail.text);
    if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent('collektive-unity-csv', { detail: detail }));
  },

  CollektivePage_Status: function (textPtr) {
    var detail = { text: UTF8ToString(textPtr) };
    var hooks = (typeof window !== 'undefined') ? window.collektiveUnity : undefined;
    if (hooks && typeof hooks.onStatus === 'function') hooks.onStatus(detail.text);
    if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent('collektive-unity-status', { detail: detail }));
  }
};

mergeInto(LibraryManager.library, CollektivePageLibrary);
