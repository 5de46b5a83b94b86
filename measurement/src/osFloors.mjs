// The OS floors (docs/os-floor.md): the round trip of a small message between two processes through the kernel or
// shared memory alone, measured in every bench:desktop and bench:web invocation by os-floor/ and written to
// floors.csv. Here: their timing ids and which one each out-of-process path stands on. No Node imports (the
// dashboard's page imports this module).

/** Timing id per transport of the OS floor program (docs/measurements.md, "Timing ids"). */
export const OS_FLOOR_IDS = Object.freeze({
  tcp: 'floor.os.tcp', uds: 'floor.os.uds', shmSpin: 'floor.os.shm.spin', shmFutex: 'floor.os.shm.futex',
});

/** The OS floor an out-of-process path's bytes cross: the desktop socket and the WebSocket both run over loopback TCP. */
export const OS_FLOOR_OF_PATH = Object.freeze({ socket: OS_FLOOR_IDS.tcp, websocket: OS_FLOOR_IDS.tcp });

/** True for an OS floor id (floor.os.*). */
export const isOsFloorId = (id) => id.startsWith('floor.os.');
