// Types of enginePresets.mjs: engine costs for the "Your case" view (docs/cost-model.md, "Presets").
import type { EnginePreset, MeasuredPoint } from './costModel.mjs';

/** The reference study's Collektive (native through the .so, socket on the JVM). */
export declare const COLLEKTIVE_REFERENCE: EnginePreset & { perPathNs: { native: number; socket: number }; roundNs: { native: number; socket: number } };
/** The reference study's Collektive and Collektive's cross-framework benchmark (Collektive, Protelis, ScaFi). */
export declare const ENGINE_PRESETS: readonly EnginePreset[];
/** Our engine's programs as the given runs measured them, per platform and program. */
export declare function measuredProgramPresets(points: MeasuredPoint[], runIds: string[]): EnginePreset[];
/** The reference study's round per path recomputed from its parsed back-end CSV rows. */
export declare function referenceComputeOf(rowsByPath: Record<string, { t: number; id: string; d: number }[]>): Record<string, { roundNs: number; perDeviceNs: number }>;
