/*
 * C ABI tests of libsimple_gradient.so, as a real C consumer: error handling (sentinels + error state, no crash),
 * batched positions, state buffer layout, programs, scenario layouts, timing CSV control, threads. Prints one TAP line per check
 * ("ok N - name" / "not ok N - name # detail"); exit code = number of failed checks.
 * Usage: abi_test <scratch-dir>   (the working directory must be writable: the default native.csv lands there)
 */
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "simple_gradient.h"

static int checks = 0, failures = 0;

static void check(int ok, const char* name, const char* detail) {
    checks++;
    if (ok) printf("ok %d - %s\n", checks, name);
    else {
        failures++;
        printf("not ok %d - %s # %s\n", checks, name, detail ? detail : "");
    }
    fflush(stdout);
}

static char detail[512];
#define CHECK(cond, name, ...) do { snprintf(detail, sizeof detail, __VA_ARGS__); check((cond), (name), detail); } while (0)

static int error_is(int code, const char* needle) {
    const char* message = last_error();
    return last_error_code() == code && message != NULL && strstr(message, needle) != NULL;
}

static const char* msg(void) { const char* m = last_error(); return m ? m : "(null)"; }

/* Devices on a line at x = 0, 2, 4, ... (maxDistance 3: each sees its direct neighbours only). */
static void line_positions(double* xyz, int n) {
    for (int i = 0; i < n; i++) { xyz[3 * i] = 2.0 * i; xyz[3 * i + 1] = 0.0; xyz[3 * i + 2] = 0.0; }
}

static int32_t rd32(const unsigned char* p) { int32_t v; memcpy(&v, p, 4); return v; }
static double rdf64(const unsigned char* p) { double v; memcpy(&v, p, 8); return v; }

static void test_errors(void) {
    int h = create_with_distance(-1, 3.0);
    CHECK(h == -1 && error_is(SG_INVALID_ARGUMENT, "nodeCount"), "create with negative nodeCount returns -1 and names nodeCount", "h=%d code=%d msg=%s", h, last_error_code(), msg());
    h = create_with_distance(10, NAN);
    CHECK(h == -1 && error_is(SG_INVALID_ARGUMENT, "maxDistance"), "create with NaN maxDistance returns -1", "h=%d code=%d msg=%s", h, last_error_code(), msg());
    h = create_with_distance(10, 0.0);
    CHECK(h == -1 && last_error_code() == SG_INVALID_ARGUMENT, "create with maxDistance 0 returns -1", "h=%d", h);
    h = create_with_distance(10, INFINITY);
    CHECK(h == -1 && last_error_code() == SG_INVALID_ARGUMENT, "create with infinite maxDistance returns -1", "h=%d", h);
    h = create_with_program(10, 3.0, 99);
    CHECK(h == -1 && error_is(SG_INVALID_ARGUMENT, "program"), "create with unknown program returns -1", "h=%d msg=%s", h, msg());
    h = create_with_program_spec(10, 3.0, "spiral");
    CHECK(h == -1 && error_is(SG_INVALID_ARGUMENT, "unknown program \"spiral\""), "create_with_program_spec with an unknown name returns -1 and names it", "h=%d msg=%s", h, msg());
    h = create_with_program_spec(10, 3.0, "channel:destination=10");
    CHECK(h == -1 && error_is(SG_INVALID_ARGUMENT, "destination"), "create_with_program_spec with a destination out of range returns -1", "h=%d msg=%s", h, msg());
    h = create_with_program_spec(10, 3.0, "boundedElection:radius=2");
    CHECK(h == -1 && error_is(SG_INVALID_ARGUMENT, "unknown parameter"), "create_with_program_spec with an unknown parameter returns -1", "h=%d msg=%s", h, msg());
    h = create_with_program_spec(10, 3.0, NULL);
    CHECK(h == -1 && error_is(SG_INVALID_ARGUMENT, "spec"), "create_with_program_spec with NULL returns -1", "h=%d msg=%s", h, msg());
    h = create_with_program_spec(10, 3.0, "boundedElection:bound=2");
    CHECK(h > 0 && last_error_code() == SG_OK, "create_with_program_spec with a good spec returns a handle", "h=%d msg=%s", h, msg());
    if (h > 0) destroy_with_distance(h);

    const int bad = 987654;
    set_source_with_distance(bad, 0, true);
    CHECK(error_is(SG_INVALID_HANDLE, "invalid handle 987654"), "set_source on an invalid handle sets SG_INVALID_HANDLE", "code=%d msg=%s", last_error_code(), msg());
    clear_sources_with_distance(bad);
    CHECK(last_error_code() == SG_INVALID_HANDLE, "clear_sources on an invalid handle sets the error", "code=%d", last_error_code());
    update_position(bad, 0, 1, 2, 3);
    CHECK(last_error_code() == SG_INVALID_HANDLE, "update_position on an invalid handle sets the error", "code=%d", last_error_code());
    step_with_distance(bad, 1);
    CHECK(last_error_code() == SG_INVALID_HANDLE, "step on an invalid handle sets the error", "code=%d", last_error_code());
    double v = get_value_with_distance(bad, 0);
    CHECK(isnan(v) && last_error_code() == SG_INVALID_HANDLE, "get_value on an invalid handle returns NaN", "v=%g", v);
    int size = 99;
    int* nb = get_neighborhood_with_distance(bad, 0, &size);
    CHECK(nb == NULL && size == 0 && last_error_code() == SG_INVALID_HANDLE, "get_neighborhood on an invalid handle returns NULL, size 0", "size=%d", size);
    size = 99;
    unsigned char* buf = step_and_get_state_with_distance(bad, 1, &size);
    CHECK(buf == NULL && size == 0 && last_error_code() == SG_INVALID_HANDLE, "step_and_get_state on an invalid handle returns NULL, size 0", "size=%d", size);
    double xyz[30];
    CHECK(update_positions(bad, xyz, 10) == -1 && last_error_code() == SG_INVALID_HANDLE, "update_positions on an invalid handle returns -1", "code=%d", last_error_code());
    destroy_with_distance(bad);
    CHECK(last_error_code() == SG_INVALID_HANDLE, "destroy of an invalid handle sets the error", "code=%d", last_error_code());
    for (int i = 0; i < 2; i++) {
        int weird = i == 0 ? 0 : -5;
        set_source_with_distance(weird, 0, true);
        CHECK(last_error_code() == SG_INVALID_HANDLE, "handles 0 and negative are invalid", "handle=%d code=%d", weird, last_error_code());
    }

    h = create_with_distance(10, 3.0);
    CHECK(h > 0 && last_error_code() == SG_OK && last_error() == NULL, "a successful call resets the error state", "h=%d code=%d", h, last_error_code());
    set_source_with_distance(h, 10, true);
    CHECK(error_is(SG_INVALID_ARGUMENT, "node must be in 0 until 10, was 10"), "set_source with node id = nodeCount names the id", "msg=%s", msg());
    v = get_value_with_distance(h, -1);
    CHECK(isnan(v) && error_is(SG_INVALID_ARGUMENT, "was -1"), "get_value with a negative node id returns NaN", "v=%g msg=%s", v, msg());
    size = 99;
    nb = get_neighborhood_with_distance(h, 10, &size);
    CHECK(nb == NULL && size == 0 && last_error_code() == SG_INVALID_ARGUMENT, "get_neighborhood with an invalid node returns NULL, size 0", "size=%d", size);
    update_position(h, 11, 0, 0, 0);
    CHECK(last_error_code() == SG_INVALID_ARGUMENT, "update_position with an invalid node sets the error", "code=%d", last_error_code());
    update_position(h, 1, NAN, 0, 0);
    CHECK(error_is(SG_INVALID_ARGUMENT, "finite"), "update_position with NaN is rejected", "msg=%s", msg());
    update_position(h, 1, 0, INFINITY, 0);
    CHECK(last_error_code() == SG_INVALID_ARGUMENT, "update_position with an infinity is rejected", "code=%d", last_error_code());
    step_with_distance(h, -1);
    CHECK(error_is(SG_INVALID_ARGUMENT, "rounds"), "step with negative rounds is rejected", "msg=%s", msg());
    buf = step_and_get_state_with_distance(h, 1, NULL);
    CHECK(buf == NULL && last_error_code() == SG_INVALID_ARGUMENT, "step_and_get_state with a NULL outSize is rejected", "code=%d", last_error_code());
    CHECK(get_neighborhood_with_distance(h, 0, NULL) == NULL && last_error_code() == SG_INVALID_ARGUMENT, "get_neighborhood with a NULL outSize is rejected", "code=%d", last_error_code());
    CHECK(update_positions(h, NULL, 10) == -1 && error_is(SG_INVALID_ARGUMENT, "NULL"), "update_positions with NULL is rejected", "msg=%s", msg());
    line_positions(xyz, 10);
    CHECK(update_positions(h, xyz, 9) == -1 && error_is(SG_INVALID_ARGUMENT, "nodeCount"), "update_positions with the wrong nodeCount is rejected", "msg=%s", msg());
    xyz[5] = NAN;
    CHECK(update_positions(h, xyz, 10) == -1 && last_error_code() == SG_INVALID_ARGUMENT, "update_positions with a NaN is rejected", "code=%d", last_error_code());
    free_neighborhood_with_distance(NULL);
    free_state_buffer(NULL);
    CHECK(last_error_code() == SG_OK, "freeing NULL is a no-op", "code=%d", last_error_code());
    noop();
    clear_last_error();
    CHECK(last_error_code() == SG_OK && last_error() == NULL, "clear_last_error resets the state", "code=%d", last_error_code());

    destroy_with_distance(h);
    CHECK(last_error_code() == SG_OK, "destroy of a live handle succeeds", "code=%d msg=%s", last_error_code(), msg());
    v = get_value_with_distance(h, 0);
    CHECK(isnan(v) && last_error_code() == SG_INVALID_HANDLE, "a destroyed handle is invalid", "v=%g", v);
    int h2 = create_with_distance(10, 3.0);
    CHECK(h2 > 0 && h2 != h, "a new engine never gets a destroyed handle back", "h=%d h2=%d", h, h2);
    destroy_with_distance(h);
    CHECK(last_error_code() == SG_INVALID_HANDLE && get_value_with_distance(h2, 0) == INFINITY, "a stale handle does not reach the new engine", "code=%d", last_error_code());
    destroy_with_distance(h2);
}

static int isSourceZero(int h, int n);

static int cmp_int(const void* a, const void* b) { int x = *(const int*)a, y = *(const int*)b; return (x > y) - (x < y); }

/* A destroyed handle never becomes valid again, even after its slot has been reused through every generation. */
static void test_handle_reuse(void) {
    enum { CYCLES = 4200 }; /* more than twice the 2047 generations of one slot */
    static int issued[CYCLES + 1];
    int first = create_with_distance(3, 3.0);
    set_source_with_distance(first, 0, true);
    destroy_with_distance(first);
    issued[CYCLES] = first;
    int created = 1, stale = 1, at = -1;
    for (int i = 0; i < CYCLES; i++) {
        int h = create_with_distance(4, 3.0);
        issued[i] = h;
        if (h <= 0) { created = 0; at = i; break; }
        double v = get_value_with_distance(first, 0);
        if (!isnan(v) || last_error_code() != SG_INVALID_HANDLE) { stale = 0; at = i; }
        destroy_with_distance(h);
    }
    CHECK(created, "4200 create/destroy cycles all succeed", "cycle %d: %s", at, msg());
    CHECK(stale, "a destroyed handle stays invalid through 4200 reuses of its slot", "cycle %d", at);
    qsort(issued, CYCLES + 1, sizeof issued[0], cmp_int);
    int unique = 1;
    for (int i = 1; i <= CYCLES; i++) if (issued[i] == issued[i - 1]) { unique = 0; at = issued[i]; }
    CHECK(unique, "no handle value is issued twice in 4201 creates", "handle %d issued twice", at);
}

/* Oversized creates fail with SG_LIMIT before allocating: the process survives. */
static void test_budgets(void) {
    int h = create_with_distance(10000000, 3.0);
    CHECK(h == -1 && error_is(SG_LIMIT, "SG_MAX_NODE_COUNT"), "create_with_distance(10^7) returns -1 with SG_LIMIT", "h=%d code=%d msg=%s", h, last_error_code(), msg());
    h = create_with_distance(INT_MAX, 3.0);
    CHECK(h == -1 && error_is(SG_LIMIT, "2147483647"), "create_with_distance(INT_MAX) returns -1 with SG_LIMIT (no 3 * nodeCount overflow)", "h=%d code=%d msg=%s", h, last_error_code(), msg());
    h = create_with_program(INT_MAX, 3.0, SG_PROGRAM_HOP);
    CHECK(h == -1 && last_error_code() == SG_LIMIT, "create_with_program(INT_MAX) returns -1 with SG_LIMIT", "h=%d code=%d", h, last_error_code());
    h = create_with_distance(SG_MAX_NODE_COUNT + 1, 3.0);
    CHECK(h == -1 && last_error_code() == SG_LIMIT, "SG_MAX_NODE_COUNT + 1 devices are refused", "h=%d code=%d", h, last_error_code());
    h = create_with_distance(0, 3.0);
    CHECK(h > 0 && live_engine_count() >= 1, "an empty engine is still allowed after refused creates", "h=%d msg=%s", h, msg());
    destroy_with_distance(h);
}

static void test_state(void) {
    const int n = 6;
    double xyz[18];
    line_positions(xyz, n);
    xyz[3 * 5] = 100.0; /* device 5 is out of reach */
    int h = create_with_distance(n, 3.0);
    for (int i = 0; i < n; i++) update_position(h, i, xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]);
    set_source_with_distance(h, 0, true);
    int size = 0;
    unsigned char* buf = step_and_get_state_with_distance(h, 5, &size);
    int expected_size = 4 + n * 12 + 4 * (2 * 4); /* 4 links on the 5-device line, both directions */
    CHECK(buf != NULL && size == expected_size, "state buffer size = 4 + 12n + 4 * links", "size=%d expected=%d", size, expected_size);
    if (buf == NULL) return;
    int ok = rd32(buf) == n;
    const unsigned char* p = buf + 4;
    char trace[256] = "";
    for (int i = 0; i < n && ok; i++) {
        double value = rdf64(p);
        int k = rd32(p + 8);
        double want = i < 5 ? 2.0 * i : INFINITY;
        int want_k = i == 0 || i == 4 ? 1 : (i == 5 ? 0 : 2);
        if (value != want || k != want_k) { ok = 0; snprintf(trace, sizeof trace, "node %d value %g k %d", i, value, k); }
        for (int j = 0; j < k && ok; j++) {
            int id = rd32(p + 12 + 4 * j);
            int want_id = i == 0 ? 1 : (i == 4 ? 3 : (j == 0 ? i - 1 : i + 1));
            if (id != want_id) { ok = 0; snprintf(trace, sizeof trace, "node %d neighbour %d = %d", i, j, id); }
        }
        p += 12 + 4 * k;
    }
    CHECK(ok && p == buf + size, "state buffer layout: LE int32 n, per node f64 value, int32 k, k ids (ascending)", "%s", trace);
    free_state_buffer(buf);

    CHECK(get_value_with_distance(h, 3) == 6.0 && get_value_with_distance(h, 5) == INFINITY, "get_value: distances along the line, +inf when unreachable", "v3=%g", get_value_with_distance(h, 3));
    int* nb = get_neighborhood_with_distance(h, 2, &size);
    CHECK(nb != NULL && size == 2 && nb[0] == 1 && nb[1] == 3, "get_neighborhood returns ascending ids", "size=%d", size);
    free_neighborhood_with_distance(nb);
    nb = get_neighborhood_with_distance(h, 5, &size);
    CHECK(nb == NULL && size == 0 && last_error_code() == SG_OK, "an empty neighbourhood is NULL, size 0, no error", "size=%d code=%d", size, last_error_code());

    /* batched positions = per-node positions, byte for byte */
    int a = create_with_distance(n, 3.0), b = create_with_distance(n, 3.0);
    set_source_with_distance(a, 2, true);
    set_source_with_distance(b, 2, true);
    int same = 1;
    for (int round = 0; round < 20 && same; round++) {
        for (int i = 0; i < n; i++) { xyz[3 * i] = 1.5 * i + 0.1 * round * (i % 3); xyz[3 * i + 1] = 0.25 * (round % 4); xyz[3 * i + 2] = -0.5 * i; }
        for (int i = 0; i < n; i++) update_position(a, i, xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]);
        if (update_positions(b, xyz, n) != 0) { same = 0; break; }
        int sa = 0, sb = 0;
        unsigned char* ba = step_and_get_state_with_distance(a, 1, &sa);
        unsigned char* bb = step_and_get_state_with_distance(b, 1, &sb);
        same = sa == sb && memcmp(ba, bb, sa) == 0;
        free_state_buffer(ba);
        free_state_buffer(bb);
    }
    CHECK(same, "update_positions gives the same states as update_position per device (20 rounds)", "%s", "");

    /* a rejected batch leaves the positions unchanged */
    int s1 = 0, s2 = 0;
    unsigned char* before = step_and_get_state_with_distance(b, 1, &s1);
    xyz[0] = NAN;
    update_positions(b, xyz, n);
    unsigned char* after = step_and_get_state_with_distance(b, 1, &s2);
    CHECK(s1 == s2 && memcmp(before, after, s1) == 0, "a rejected update_positions changes nothing", "%s", "");
    free_state_buffer(before);
    free_state_buffer(after);

    clear_sources_with_distance(a);
    step_with_distance(a, 3);
    CHECK(get_value_with_distance(a, 2) > 0.0 && !isSourceZero(a, n), "clear_sources: the former source is no longer 0", "v=%g", get_value_with_distance(a, 2));

    int hop = create_with_program(n, 3.0, SG_PROGRAM_HOP);
    line_positions(xyz, n);
    update_positions(hop, xyz, n);
    set_source_with_distance(hop, 0, true);
    step_with_distance(hop, 6);
    CHECK(get_value_with_distance(hop, 4) == 4.0 && get_value_with_distance(hop, 1) == 1.0, "hop-count program counts hops", "v4=%g", get_value_with_distance(hop, 4));
    step_with_distance(hop, 0);
    CHECK(last_error_code() == SG_OK, "zero rounds is allowed", "code=%d", last_error_code());
    destroy_with_distance(hop);
    destroy_with_distance(a);
    destroy_with_distance(b);
    destroy_with_distance(h);
}

static int isSourceZero(int h, int n) {
    for (int i = 0; i < n; i++) if (get_value_with_distance(h, i) == 0.0) return 1;
    return 0;
}

/* Timing CSV: the node test reads the files this writes and checks their rows. */
static void test_timings(const char* dir) {
    char path[1024];
    int h = create_with_distance(10, 3.0);
    set_source_with_distance(h, 0, true);
    step_with_distance(h, 1); /* recorded to the default native.csv in the working directory */
    CHECK(flush_timings() == 0, "flush to the default native.csv succeeds", "msg=%s", msg());

    snprintf(path, sizeof path, "%s/timings.csv", dir);
    CHECK(set_timing_csv_path(path) == 0, "set_timing_csv_path succeeds", "msg=%s", msg());
    int size = 0;
    for (int i = 0; i < 5; i++) free_state_buffer(step_and_get_state_with_distance(h, 1, &size));
    for (int i = 0; i < 3; i++) step_with_distance(h, 2);
    step_with_distance(h, -1); /* failed calls record nothing */
    CHECK(set_timing_csv_path(dir) == -1 && error_is(SG_IO, dir), "set_timing_csv_path to a directory returns -1 with SG_IO and names it", "code=%d msg=%s", last_error_code(), msg());
    CHECK(set_timing_csv_path("/nonexistent-dir/x/timings.csv") == -1 && error_is(SG_IO, "nonexistent-dir"), "set_timing_csv_path to a missing directory returns -1 with SG_IO", "code=%d msg=%s", last_error_code(), msg());
    CHECK(set_timing_csv_path("") == -1 && last_error_code() == SG_IO, "set_timing_csv_path(\"\") returns -1 with SG_IO", "code=%d", last_error_code());
    step_with_distance(h, 1); /* still recorded to timings.csv: a rejected path changes nothing */
    CHECK(flush_timings() == 0, "flush_timings succeeds", "msg=%s", msg());
    CHECK(set_timing_csv_path(NULL) == 0, "set_timing_csv_path(NULL) stops recording", "msg=%s", msg());
    step_with_distance(h, 1);
    CHECK(flush_timings() == 0, "flush with recording off succeeds", "msg=%s", msg());

    char sub[1024], gone[1100];
    snprintf(sub, sizeof sub, "%s/gone", dir);
    snprintf(gone, sizeof gone, "%s/t.csv", sub);
    mkdir(sub, 0700);
    CHECK(set_timing_csv_path(gone) == 0, "set_timing_csv_path to a writable path succeeds", "msg=%s", msg());
    unlink(gone);
    rmdir(sub);
    step_with_distance(h, 1);
    CHECK(flush_timings() == -1 && error_is(SG_IO, "gone"), "flush to a path whose directory was removed since returns -1 with SG_IO", "code=%d msg=%s", last_error_code(), msg());
    set_timing_csv_path(NULL);
    destroy_with_distance(h);
    printf("# timings %s\n", path);
}

/* ---- threads ---------------------------------------------------------------------------------------------- */

#define THREADS 8
#define ROUNDS 300

struct job { int index; int handle; int ok; char why[160]; };

static void expected_line(int n, int source, double* out) { for (int i = 0; i < n; i++) out[i] = 2.0 * abs(i - source); }

static void* own_engine(void* arg) {
    struct job* job = arg;
    const int n = 12 + job->index;
    double xyz[3 * 20], want[20];
    int h = create_with_distance(n, 3.0);
    job->ok = h > 0;
    line_positions(xyz, n);
    update_positions(h, xyz, n);
    int source = job->index % n;
    set_source_with_distance(h, source, true);
    expected_line(n, source, want);
    for (int r = 0; r < ROUNDS && job->ok; r++) {
        int size = 0;
        unsigned char* buf = step_and_get_state_with_distance(h, 1, &size);
        if (buf == NULL || rd32(buf) != n) { job->ok = 0; snprintf(job->why, sizeof job->why, "round %d: bad buffer", r); break; }
        if (r >= n) { /* converged: distances along the line */
            const unsigned char* p = buf + 4;
            for (int i = 0; i < n; i++) {
                if (rdf64(p) != want[i]) { job->ok = 0; snprintf(job->why, sizeof job->why, "round %d node %d: %g != %g", r, i, rdf64(p), want[i]); break; }
                p += 12 + 4 * rd32(p + 8);
            }
        }
        free_state_buffer(buf);
        if (last_error_code() != SG_OK) { job->ok = 0; snprintf(job->why, sizeof job->why, "error %s", msg()); }
    }
    /* thread-local error state: this thread's failure is invisible to others and vice versa */
    get_value_with_distance(h, -1);
    if (last_error_code() != SG_INVALID_ARGUMENT) { job->ok = 0; snprintf(job->why, sizeof job->why, "error state lost"); }
    destroy_with_distance(h);
    return NULL;
}

static void* shared_engine(void* arg) {
    struct job* job = arg;
    double xyz[3 * 16];
    line_positions(xyz, 16);
    job->ok = 1;
    for (int r = 0; r < ROUNDS; r++) {
        int size = 0;
        if (update_positions(job->handle, xyz, 16) != 0) { job->ok = 0; snprintf(job->why, sizeof job->why, "update: %s", msg()); break; }
        unsigned char* buf = step_and_get_state_with_distance(job->handle, 1, &size);
        if (buf == NULL || size != 4 + 16 * 12 + 4 * 30) { job->ok = 0; snprintf(job->why, sizeof job->why, "size %d", size); free_state_buffer(buf); break; }
        free_state_buffer(buf);
        double v = get_value_with_distance(job->handle, 15);
        if (isnan(v)) { job->ok = 0; snprintf(job->why, sizeof job->why, "NaN"); break; }
    }
    return NULL;
}

static void* churn(void* arg) {
    struct job* job = arg;
    job->ok = 1;
    for (int r = 0; r < 500; r++) {
        int h = create_with_distance(5, 3.0);
        if (h <= 0) { job->ok = 0; snprintf(job->why, sizeof job->why, "create failed: %s", msg()); break; }
        step_with_distance(h, 1);
        destroy_with_distance(h);
        if (!isnan(get_value_with_distance(h, 0))) { job->ok = 0; snprintf(job->why, sizeof job->why, "destroyed handle still answers"); break; }
    }
    return NULL;
}

static void run_threads(void* (*fn)(void*), struct job* jobs, int count, const char* name) {
    pthread_t threads[THREADS];
    for (int i = 0; i < count; i++) pthread_create(&threads[i], NULL, fn, &jobs[i]);
    for (int i = 0; i < count; i++) pthread_join(threads[i], NULL);
    int ok = 1;
    const char* why = "";
    for (int i = 0; i < count; i++) if (!jobs[i].ok) { ok = 0; why = jobs[i].why; }
    CHECK(ok, name, "%s", why);
}

static void test_threads(void) {
    struct job jobs[THREADS];
    int live = live_engine_count();
    memset(jobs, 0, sizeof jobs);
    for (int i = 0; i < THREADS; i++) jobs[i].index = i;
    run_threads(own_engine, jobs, THREADS, "8 threads with their own engines get correct states; error state is per thread");

    memset(jobs, 0, sizeof jobs);
    int h = create_with_distance(16, 3.0);
    set_source_with_distance(h, 0, true);
    for (int i = 0; i < 4; i++) jobs[i].handle = h;
    run_threads(shared_engine, jobs, 4, "4 threads stepping one shared engine are serialized (no torn state)");
    step_with_distance(h, 16);
    CHECK(get_value_with_distance(h, 15) == 30.0, "the shared engine converges after the threads", "v=%g", get_value_with_distance(h, 15));
    destroy_with_distance(h);

    memset(jobs, 0, sizeof jobs);
    run_threads(churn, jobs, 4, "4 threads creating and destroying engines concurrently");
    CHECK(live_engine_count() == live, "no engine leaks after the threads", "live=%d before=%d", live_engine_count(), live);
}

/* scenario_positions: the engine's layouts into a caller's buffer; bad arguments refused, the buffer untouched. */
static void test_scenarios(void) {
    double xyz[30];
    int rc = scenario_positions(SG_SCENARIO_REFERENCE, 10, 0, 8.0, 3.0, xyz, 30);
    int ok = rc == 0 && last_error_code() == SG_OK && xyz[0] == 0.0 && xyz[1] == 0.0 && xyz[2] == 0.0;
    for (int i = 1; i < 10; i++) ok = ok && xyz[3 * i] == -12.0 + 3.0 * (i - 1) && xyz[3 * i + 1] == -6.0 && xyz[3 * i + 2] == 0.0;
    CHECK(ok, "scenario_positions: the reference layout of 10 (device 0 on top, 1..9 on one row at y = -6, x = -12..12)", "rc=%d msg=%s", rc, msg());

    enum { N = 400 };
    static double a[3 * N], b[3 * N], c[3 * N];
    const double side = sqrt(N * M_PI * 3.0 * 3.0 / 8.0);
    int ra = scenario_positions(SG_SCENARIO_RANDOM, N, 7, 8.0, 3.0, a, 3 * N);
    int rb = scenario_positions(SG_SCENARIO_RANDOM, N, 7, 8.0, 3.0, b, 3 * N);
    int rc2 = scenario_positions(SG_SCENARIO_RANDOM, N, 8, 8.0, 3.0, c, 3 * N);
    int inside = 1;
    for (int i = 0; i < N; i++) inside = inside && a[3 * i] >= 0 && a[3 * i] < side && a[3 * i + 1] >= 0 && a[3 * i + 1] < side && a[3 * i + 2] == 0.0;
    CHECK(ra == 0 && rb == 0 && rc2 == 0 && memcmp(a, b, sizeof a) == 0 && memcmp(a, c, sizeof a) != 0 && inside,
        "scenario_positions: a random layout is the same for a seed, another for another seed, inside its square at z = 0",
        "rc=%d/%d/%d msg=%s", ra, rb, rc2, msg());
    rc = scenario_positions(SG_SCENARIO_RANDOM, 0, 1, 8.0, 3.0, xyz, 0);
    CHECK(rc == 0 && last_error_code() == SG_OK, "scenario_positions: 0 devices fill nothing and succeed", "rc=%d msg=%s", rc, msg());

    struct { int scenario, n; double meanDegree, maxDistance; int capacity, code; const char* needle; double* out; const char* name; } bad[] = {
        { SG_SCENARIO_RANDOM, 10, 8.0, 3.0, 30, SG_INVALID_ARGUMENT, "out", NULL, "NULL out" },
        { SG_SCENARIO_RANDOM, 10, 8.0, 3.0, 29, SG_INVALID_ARGUMENT, "capacity", xyz, "a buffer too small by one double" },
        { 7, 10, 8.0, 3.0, 30, SG_INVALID_ARGUMENT, "scenario", xyz, "an unknown scenario" },
        { SG_SCENARIO_RANDOM, -1, 8.0, 3.0, 30, SG_INVALID_ARGUMENT, "nodeCount", xyz, "a negative nodeCount" },
        { SG_SCENARIO_RANDOM, 10, 0.0, 3.0, 30, SG_INVALID_ARGUMENT, "meanDegree", xyz, "meanDegree 0" },
        { SG_SCENARIO_RANDOM, 10, 8.0, NAN, 30, SG_INVALID_ARGUMENT, "maxDistance", xyz, "a NaN maxDistance" },
        { SG_SCENARIO_REFERENCE, 10, 8.0, -3.0, 30, SG_INVALID_ARGUMENT, "maxDistance", xyz, "a negative maxDistance (reference)" },
        { SG_SCENARIO_RANDOM, 10000000, 8.0, 3.0, INT_MAX, SG_LIMIT, "SG_MAX_NODE_COUNT", xyz, "10^7 devices" },
        { SG_SCENARIO_REFERENCE, 5000, 8.0, 3.0, 15000, SG_LIMIT, "SG_MAX_LINKS", xyz, "a reference layout of 5000 devices (25 M links)" },
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        for (int i = 0; i < 30; i++) xyz[i] = 42.0;
        rc = scenario_positions(bad[k].scenario, bad[k].n, 1, bad[k].meanDegree, bad[k].maxDistance, bad[k].out, bad[k].capacity);
        int untouched = 1;
        for (int i = 0; i < 30; i++) untouched = untouched && xyz[i] == 42.0;
        char name[160];
        snprintf(name, sizeof name, "scenario_positions refuses %s: -1, its error code, the buffer untouched", bad[k].name);
        CHECK(rc == -1 && error_is(bad[k].code, bad[k].needle) && untouched, name, "rc=%d code=%d msg=%s", rc, last_error_code(), msg());
    }
    rc = scenario_positions(SG_SCENARIO_REFERENCE, 3, 0, 8.0, 3.0, xyz, 9);
    CHECK(rc == 0 && last_error_code() == SG_OK && last_error() == NULL, "scenario_positions after a refusal: success resets the error state", "rc=%d code=%d", rc, last_error_code());
}

int main(int argc, char** argv) {
    const char* dir = argc > 1 ? argv[1] : ".";
    printf("TAP version 13\n");
    test_errors();
    test_handle_reuse();
    test_budgets();
    test_state();
    test_scenarios();
    test_timings(dir);
    test_threads();
    printf("1..%d\n# pass %d\n# fail %d\n", checks, checks - failures, failures);
    return failures;
}
