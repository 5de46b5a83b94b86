// Out-of-process web path: a browser WebSocket from the Unity page to the Node `ws` server
// (collektive-node-server, `npm run server:node -- --port <p>`), speaking the JSON-lines protocol of docs/reference-study.md
// (a text message holds one JSON request, or several as '\n'-separated lines: WebSocketEngine sends a json frame's
// newPosition lines and its step line as one message) plus the opt-in binary state frame. This plugin does not look
// inside messages.
//
// Events come back into C# through function pointers of [MonoPInvokeCallback] static methods, called with
// makeDynCall: onOpen(id), onMessage(id, dataPtr, length, isBinary), onClose(id, code, reasonPtr).
// A message's bytes (UTF-8 text, or the binary frame) are copied into a _malloc'd buffer that is valid only during
// the onMessage call and freed right after it.
var CollektiveWebSocketLibrary = {
  $CollektiveWs: {
    sockets: {},
    next: 1,
    lastError: '',

    fail: function (where, e) {
      CollektiveWs.lastError = where + ': ' + ((e && e.message) ? e.message : String(e));
      console.error('[collektive-ws] ' + CollektiveWs.lastError);
      return -1;
    }
  },

  // Returns a socket id > 0, or -1 (bad URL).
  CollektiveWs_Open: function (urlPtr, onOpen, onMessage, onClose) {
    var url = UTF8ToString(urlPtr);
    var ws;
    try { ws = new WebSocket(url); } catch (e) { return CollektiveWs.fail('open ' + url, e); }
    ws.binaryType = 'arraybuffer';
    var id = CollektiveWs.next++;
    CollektiveWs.sockets[id] = ws;
    ws.onopen = function () {
      {{{ makeDynCall('vi', 'onOpen') }}}(id);
    };
    ws.onmessage = function (ev) {
      var ptr, length, isBinary;
      if (typeof ev.data === 'string') {
        length = lengthBytesUTF8(ev.data);
        ptr = _malloc(length + 1);
        stringToUTF8(ev.data, ptr, length + 1);
        isBinary = 0;
      } else {
        var bytes = new Uint8Array(ev.data);
        length = bytes.length;
        ptr = _malloc(Math.max(length, 1));
        HEAPU8.set(bytes, ptr);
        isBinary = 1;
      }
      try {
        {{{ makeDynCall('viiii', 'onMessage') }}}(id, ptr, length, isBinary);
      } finally {
        _free(ptr);
      }
    };
    ws.onerror = function () {
      CollektiveWs.lastError = 'WebSocket error on ' + url;
    };
    ws.onclose = function (ev) {
      delete CollektiveWs.sockets[id];
      var reason = ev.reason || '';
      var size = lengthBytesUTF8(reason) + 1;
      var rp = _malloc(size);
      stringToUTF8(reason, rp, size);
      try {
        {{{ makeDynCall('viii', 'onClose') }}}(id, ev.code, rp);
      } finally {
        _free(rp);
      }
    };
    return id;
  },

  // Sends one text message (a NUL-terminated UTF-8 string). 0 = queued, -1 = not open.
  CollektiveWs_Send: function (id, textPtr) {
    var ws = CollektiveWs.sockets[id];
    if (!ws || ws.readyState !== 1) return CollektiveWs.fail('send', 'socket ' + id + ' is not open');
    ws.send(UTF8ToString(textPtr));
    return 0;
  },

  // Sends one binary message of `length` bytes read from the heap. 0 = queued, -1 = not open.
  CollektiveWs_SendBinary: function (id, ptr, length) {
    var ws = CollektiveWs.sockets[id];
    if (!ws || ws.readyState !== 1) return CollektiveWs.fail('sendBinary', 'socket ' + id + ' is not open');
    ws.send(HEAPU8.slice(ptr, ptr + length));
    return 0;
  },

  // WebSocket readyState: 0 connecting, 1 open, 2 closing, 3 closed (also for unknown ids).
  CollektiveWs_State: function (id) {
    var ws = CollektiveWs.sockets[id];
    return ws ? ws.readyState : 3;
  },

  CollektiveWs_Close: function (id) {
    var ws = CollektiveWs.sockets[id];
    if (ws && ws.readyState < 2) ws.close(1000, 'closed by the Unity front-end');
  },

  CollektiveWs_LastError: function () {
    var s = CollektiveWs.lastError;
    var size = lengthBytesUTF8(s) + 1;
    var p = _malloc(size);
    stringToUTF8(s, p, size);
    return p;
  }
};

autoAddDeps(CollektiveWebSocketLibrary, '$CollektiveWs');
mergeInto(LibraryManager.library, CollektiveWebSocketLibrary);
