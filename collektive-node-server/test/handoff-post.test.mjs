// The guarantees of docs/protocol.md under `--handoff post` (cases: handoff-cases.mjs).
import { handoffTests } from './handoff-cases.mjs';

handoffTests('post');
