/*
 * simple_gradient.h: C ABI of libsimple_gradient.so (Kotlin/Native build of the collektive engine).
 *
 * The first block is the reference study's ABI (docs/reference-study.md): same names, signatures and calling convention
 * (cdecl), so the reference Unity scripts load this library unchanged. The second block holds the extensions.
 * This header is hand-written; the native test suite checks it against the compiler-generated
 * libsimple_gradient_api.h and the library's exported symbols.
 *
 * Errors: no call crashes on an invalid handle or node id. A failed call returns its sentinel (handle -1, value
 * NaN, pointer NULL with *outSize = 0, status -1; void calls return nothing) and sets the calling thread's error
 * state, read with last_error_code() / last_error(). Every call except the error queries and noop() sets that
 * state: SG_OK after a success. The error state is thread-local.
 *
 * Threads: any thread may call any function; handles are valid across threads. Calls on one handle are serialized
 * by a per-engine lock; calls on different handles run in parallel. A handle value is issued at most once per
 * process: a destroyed handle stays invalid forever. The error message of a thread is freed when the thread exits.
 *
 * Budgets (checked before allocating, so an oversized request fails instead of aborting the process): at most
 * SG_MAX_NODE_COUNT devices per engine, SG_MAX_LIVE_DEVICES devices over all live engines (environment variable
 * SG_MAX_LIVE_DEVICES, read at the first create, overrides the default) and SG_MAX_LINKS directed neighbour links
 * per round and engine (environment variable SG_MAX_LINKS). Past a budget the call fails with SG_LIMIT; a step
 * refused for its links leaves the engine as it was before that round.
 *
 * Timings: step_with_distance and step_and_get_state_with_distance record `step.service` (the whole call) and
 * `step.compute` (the aggregate rounds only), monotonic clock, ns, as rows `t_ns,id,duration_ns` with t_ns since
 * the library's first use. The CSV (default "native.csv" in the working directory) receives samples on
 * flush_timings(), destroy_with_distance(), set_timing_csv_path() and every 4096 samples; its first write in a
 * process truncates it and writes the header.
 */
#ifndef SIMPLE_GRADIENT_H
#define SIMPLE_GRADIENT_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- reference ABI ---------------------------------------------------------------------------------------- */

/* A new Euclidean-gradient engine of nodeCount devices at (0,0,0); -1 on bad input (nodeCount < 0,
 * maxDistance not finite and > 0: SG_INVALID_ARGUMENT) or past a budget (SG_LIMIT). */
int create_with_distance(int nodeCount, double maxDistance);
/* Frees the engine and flushes pending timings. */
void destroy_with_distance(int h);
/* Marks node as a source (or not). bool is one byte. */
void set_source_with_distance(int h, int node, bool isSource);
void clear_sources_with_distance(int h);
/* Moves one device; x, y, z must be finite. */
void update_position(int h, int node, double x, double y, double z);
/* Runs `rounds` (>= 0) aggregate rounds; neighbourhoods are recomputed every round from the positions. A round
 * over SG_MAX_LINKS links fails with SG_LIMIT (earlier rounds of the call stay run). */
void step_with_distance(int h, int rounds);
/* The node's gradient value after the last round: +INFINITY when unreachable, NaN on error. */
double get_value_with_distance(int h, int node);
/* The node's neighbour ids (ascending) in a malloc'd array of *outSize ints, freed with
 * free_neighborhood_with_distance. An empty neighbourhood gives NULL with *outSize = 0 and SG_OK. */
int* get_neighborhood_with_distance(int h, int node, int* outSize);
void free_neighborhood_with_distance(int* neighborhood);
/* Runs `rounds` rounds, then returns the state buffer (little-endian: int32 nodeCount, then per node float64
 * value, int32 neighbourCount, int32 x neighbourCount ids) of *outSize bytes, freed with free_state_buffer. */
unsigned char* step_and_get_state_with_distance(int h, int rounds, int* outSize);
void free_state_buffer(unsigned char* buffer);

/* ---- extensions -------------------------------------------------------------------------------------------- */

/* Error codes of last_error_code(). */
#define SG_OK 0
#define SG_INVALID_HANDLE 1
#define SG_INVALID_ARGUMENT 2
#define SG_IO 3
#define SG_INTERNAL 4
#define SG_LIMIT 5 /* a budget (below) or the handle space is exhausted */

/* Budgets (defaults; SG_MAX_LIVE_DEVICES and SG_MAX_LINKS can be set in the environment). */
#define SG_MAX_NODE_COUNT 1000000
#define SG_MAX_LIVE_DEVICES 4000000
#define SG_MAX_LINKS 16777216

/* Programs of create_with_program(): the registry's order (docs/programs.md), default parameters. */
#define SG_PROGRAM_EUCLIDEAN 0
#define SG_PROGRAM_HOP 1
#define SG_PROGRAM_GOSSIP_MAX 2
#define SG_PROGRAM_BOUNDED_ELECTION 3
#define SG_PROGRAM_COUNT_DEVICES 4
#define SG_PROGRAM_CHANNEL 5
#define SG_PROGRAM_NEIGHBOR_COUNTER 6
#define SG_PROGRAM_SOURCE_NEIGHBORS 7

/* Scenarios of scenario_positions(). */
#define SG_SCENARIO_REFERENCE 0
#define SG_SCENARIO_RANDOM 1

/* Like create_with_distance with a program choice (SG_PROGRAM_*); -1 on bad input. */
int create_with_program(int nodeCount, double maxDistance, int program);
/* Like create_with_distance with the program a spec names: "name" or "name:key=value,..." (docs/programs.md,
 * e.g. "boundedElection:bound=2", "channel:destination=9,width=0.5"; names ignore case). -1 with
 * SG_INVALID_ARGUMENT on an unknown program or a bad parameter (last_error() says which). Values stay one double
 * per device in every call and buffer: distances, counts, device ids, booleans as 1.0 / 0.0. */
int create_with_program_spec(int nodeCount, double maxDistance, const char* spec);
/* All positions in one call: xyz = x0 y0 z0 x1 ... (3 x nodeCount doubles); nodeCount must equal the
 * engine's. 0 on success, -1 on error (positions unchanged). */
int update_positions(int h, const double* xyz, int nodeCount);
/* The positions of a benchmark scenario as the engine lays it out (collektive.engine.Scenarios: the one layout
 * every host uses, docs/engine-api.md), x0 y0 z0 x1 ... written to out[0 .. 3 x nodeCount). SG_SCENARIO_REFERENCE:
 * the reference study's BFS-tree layout (seed and meanDegree ignored); SG_SCENARIO_RANDOM: nodeCount devices
 * uniform on a square sized for meanDegree neighbours within maxDistance, SplitMix64(seed). capacity is the number
 * of doubles out holds. 0 on success; -1 (out untouched) with SG_INVALID_ARGUMENT on NULL out, capacity under
 * 3 x nodeCount, an unknown scenario, nodeCount < 0, meanDegree or maxDistance not finite and > 0; SG_LIMIT past
 * SG_MAX_NODE_COUNT or, for the reference layout (all devices at one point in its first round), past SG_MAX_LINKS
 * links (about 4096 devices). */
int scenario_positions(int scenario, int nodeCount, long long seed, double meanDegree, double maxDistance, double* out, int capacity);
/* The calling thread's error code for its last call (SG_*). */
int last_error_code(void);
/* The message of the calling thread's last failed call (owned by the library, valid until the thread's next
 * failure, freed when the thread exits); NULL when the last call succeeded. */
const char* last_error(void);
/* Resets the calling thread's error state to SG_OK. */
void clear_last_error(void);
/* Does nothing: the floor cost of a call through the ABI (P/Invoke). */
void noop(void);
/* Flushes pending samples to the current CSV, then records to `path` (NULL: stop recording). The path is checked
 * now: one that cannot be opened for writing (a directory, a missing directory, no permission, "") gives -1 with
 * SG_IO and recording stays on the previous path. 0 on success, -1 on such a path or an I/O error (SG_IO). */
int set_timing_csv_path(const char* path);
/* Appends pending timing samples to the CSV. 0 on success, -1 on an I/O error (SG_IO). */
int flush_timings(void);
/* Engines created and not yet destroyed. */
int live_engine_count(void);

#ifdef __cplusplus
}
#endif

#endif /* SIMPLE_GRADIENT_H */
