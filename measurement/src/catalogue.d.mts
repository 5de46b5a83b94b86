// Types of catalogue.mjs (the page and its tests import it).

export type PlatformName = 'desktop' | 'web';
export type Side = 'backend' | 'frontend' | 'floor';
export type FigureName = 'e2e' | 'e2eBlock' | 'overhead' | 'compute' | 'call' | 'inPage' | 'send' | 'wait' | 'transport' | 'parse' | 'apply' | 'floor' | 'echoService';
export type FrontEndRole = 'call' | 'send' | 'wait' | 'parse' | 'apply' | 'frameWait' | 'e2e' | 'e2eBlock';

export interface Platform { name: PlatformName; inProcess: string; outOfProcess: string }
export interface PathFile { key: string; file: string }
export interface Path {
  name: string; platform: PlatformName; inProcess: boolean;
  label: string; legend: string; detail: string; colour: string; symbol: string; salt: number;
  files: { backend: PathFile; frontend: PathFile };
  ids: Partial<Record<FrontEndRole, string>>;
  floor: string;
  /** out of process: the OS floor its bytes cross (docs/os-floor.md) */
  osFloor?: string;
  /** back-end ids of this path only, by role (SERVER_ECHO_ID) */
  backendIds?: Readonly<Record<string, string>>;
  figures: readonly FigureName[];
}
/** platform null: a floor of the machine, measured on both platforms (the OS floors) */
export interface Floor { platform: PlatformName | null; path: string | null; warmup: boolean; meaning: string }
export interface FigurePart { side: Side; role: string }
export interface FigureDefinition extends FigurePart { minus?: FigurePart }
export interface TimingId { side: Side; paths: string[]; figures: string[] }

export declare const PLATFORMS: Readonly<Record<PlatformName, Platform>>;
export declare const BACKEND_IDS: Readonly<{ service: string; compute: string }>;
export declare const SERVER_ECHO_ID: string;
export declare const PATHS: Readonly<Record<string, Path>>;
export declare const PATH_ORDER: readonly string[];
export declare const OS_FLOOR_IDS: Readonly<{ tcp: string; uds: string; shmSpin: string; shmFutex: string }>;
export declare const OS_FLOOR_OF_PATH: Readonly<Record<string, string>>;
export declare const FLOORS_FILE: Readonly<PathFile>;
export declare const FLOORS: Readonly<Record<string, Floor>>;
export declare function floorsKeepWarmup(platform: string): boolean;
export declare const FIGURE_DEFINITIONS: Readonly<Record<FigureName, FigureDefinition>>;
export declare function idOf(path: string, part: FigurePart): string | undefined;
export declare function fileKeyOf(path: string, side: Side): string;
export declare const TIMING_IDS: Readonly<Record<string, TimingId>>;
export declare function filesOf(platform: string): [string, string, Side, string | null][];
export declare function pathsOf(platform: string): string[];
export declare const PATH_SALT: Readonly<Record<string, number>>;
export declare const ENCODINGS: Readonly<Record<PlatformName, readonly string[]>>;
export declare const DESKTOP_TRANSPORTS: readonly string[];
export declare const REFERENCE_DESKTOP_TRANSPORT: string;
/** The reference desktop server (jvm): configurations without `outOfProcessServer` ran it. */
export declare const REFERENCE_DESKTOP_SERVER: string;
export declare function osFloorOfTransport(transport: string | null | undefined, spinning?: boolean): string;
export declare const PACINGS: readonly string[];
export declare function pacingPeriodMs(c: { pacing: string; tickMs: number | null; timeScale: number | null }): number | null;
export declare const SCHEMA_ENUMS: Readonly<Record<string, (string | null)[]>>;
export declare const PROGRAMS: Readonly<Record<string, Readonly<{ name: string; output: 'distance' | 'id' | 'count' | 'boolean'; label: string }>>>;
export declare const REFERENCE_PROGRAM: string;
export declare const REFERENCE_WARMUP: number;
export declare function warmupOfRun(run: { parameters?: { warmup?: number } } | null | undefined): number;
export declare function programName(spec: string | null | undefined): string;
export declare function isReferenceProgram(spec: string | null | undefined): boolean;
export declare function programSuffix(spec: string | null | undefined): string;
export declare const MAX_WORK_NS: number;
export declare function parseWorkLevels(text: string | undefined): { levels?: number[]; error?: string };
export declare function withWorkLevels(specs: string[], levels: number[]): string[];
export declare function workOfSpec(spec: string | null | undefined): number;
