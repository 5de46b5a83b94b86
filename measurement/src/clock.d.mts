// Types of clock.mjs, for the dashboard.
export interface ClockNote { resolutionNs?: number; perSampleNs?: number; limited: boolean }
export interface FigureLike { estimate: number; ci95: [number, number] | number[] | null; clock?: ClockNote; [k: string]: unknown }

export declare const CLOCK_LIMIT_TICKS: number;
export declare function withClock<F extends FigureLike>(figure: F, resolutionNs: number | null | undefined, stepsPerSample?: number): F & { clock?: ClockNote };
export declare function ratioWithClock<F extends FigureLike>(ratio: F, num: FigureLike, den: FigureLike): F & { clock?: ClockNote };
export declare function differenceWithClock<F extends FigureLike>(difference: F, num: FigureLike, den: FigureLike): F & { clock?: ClockNote };
export declare function clockHonestText(figure: FigureLike | null | undefined, format: (ns: number) => string): string;
