// Types of compare.mjs, for the dashboard's History view.
export interface Figure { estimate: number; ci95: [number, number] | null; invocations: number }
export type Flag = 'regression' | 'improvement' | null;
export interface Change { changePct: number | null; overlap: boolean | null; runInBase: boolean | null; flag: Flag }
export interface ChangeRow extends Change { figure: string; baseline: Figure; run: Figure }
export interface ReproducedRow extends ChangeRow { twin: ChangeRow | null; reproduce: 'reproduced' | 'not reproduced' | null }
interface SummaryLike { configurations?: { id: string; [k: string]: unknown }[] }

export declare function figuresOf(summary: SummaryLike | null | undefined, configuration: string): Map<string, Figure>;
export declare function configurationsOf(summary: SummaryLike | null | undefined): string[];
export declare function isFloor(key: string): boolean;
export declare function changeOf(base: Pick<Figure, 'estimate' | 'ci95'>, run: Pick<Figure, 'estimate' | 'ci95'>): Change;
export declare function compareFigures(baseFigures: Map<string, Figure>, runFigures: Map<string, Figure>): ChangeRow[];
export declare function twinOf(runId: string): string | null;
export declare function withReproduce(rows: ChangeRow[], twinRows: ChangeRow[] | null | undefined): ReproducedRow[];
export declare function machineDifferences(a: unknown, b: unknown): string[];
export declare function regressions<R extends ChangeRow>(rows: R[]): R[];
