// Moved to measurement/src/analysis.mjs; kept while branches that import this path are merged.
export * from "../../measurement/src/analysis.mjs";
