// The guarantees of docs/protocol.md under `--handoff atomics` (cases: handoff-cases.mjs).
import { handoffTests } from './handoff-cases.mjs';

handoffTests('atomics');
