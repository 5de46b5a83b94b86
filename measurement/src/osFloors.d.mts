// Types of osFloors.mjs (the OS floors' timing ids, docs/os-floor.md), which the dashboard imports.

/** Timing id per transport of the OS floor program. */
export declare const OS_FLOOR_IDS: Readonly<{ tcp: string; uds: string; shmSpin: string; shmFutex: string }>;
/** The OS floor an out-of-process path's bytes cross (socket, websocket: loopback TCP). */
export declare const OS_FLOOR_OF_PATH: Readonly<Record<string, string>>;
/** True for an OS floor id (floor.os.*). */
export declare function isOsFloorId(id: string): boolean;
