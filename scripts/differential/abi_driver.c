/*
 * The C ABI of libsimple_gradient.so driven from a line protocol, so the differential test (differential.mjs) can
 * apply one operation sequence to it and to the other entry points. Doubles cross as the 16 hex digits of their
 * IEEE-754 bits, so nothing is rounded on the way. Input (stdin), one command per line, one reply line each:
 *   create <nodeCount> <maxDistance bits> <program>   -> "h <handle>"
 *   destroy <h> | clear <h>                           -> "ok"
 *   source <h> <node> <0|1>                           -> "ok"
 *   pos <h> <node> <x bits> <y bits> <z bits>         -> "ok"
 *   positions <h> <nodeCount> <count> <bits>...       -> "ok"   (update_positions with count doubles)
 *   step <h> <rounds> <nodeCount> <path>              -> "s <n> (<value bits> <k> <ids...>)..."
 *        path 0: step_with_distance + get_value / get_neighborhood per device (nodeCount devices);
 *        path 1: step_and_get_state_with_distance, the buffer decoded here.
 * Any command that fails answers "e <last_error_code>" instead.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simple_gradient.h"

static char line[1 << 24];
static double xyz[1 << 20];

static double from_bits(const char* hex, char** end) {
    uint64_t b = strtoull(hex, end, 16);
    double v;
    memcpy(&v, &b, 8);
    return v;
}

static uint64_t bits_of(double v) { uint64_t b; memcpy(&b, &v, 8); return b; }

static int32_t le32(const unsigned char* p) { int32_t v; memcpy(&v, p, 4); return v; }

/* Prints "e <code>" and returns 1 when the last call failed. */
static int failed(void) {
    int code = last_error_code();
    if (code == SG_OK) return 0;
    printf("e %d\n", code);
    return 1;
}

static void step_by_calls(int h, int rounds, int n) {
    step_with_distance(h, rounds);
    if (failed()) return;
    printf("s %d", n);
    for (int i = 0; i < n; i++) {
        double v = get_value_with_distance(h, i);
        if (last_error_code() != SG_OK) { printf("\n"); failed(); return; }
        int k = 0;
        int* ids = get_neighborhood_with_distance(h, i, &k);
        if (last_error_code() != SG_OK) { printf("\n"); failed(); return; }
        printf(" %016" PRIx64 " %d", bits_of(v), k);
        for (int j = 0; j < k; j++) printf(" %d", ids[j]);
        free_neighborhood_with_distance(ids);
    }
    printf("\n");
}

static void step_by_buffer(int h, int rounds) {
    int size = 0;
    unsigned char* buf = step_and_get_state_with_distance(h, rounds, &size);
    if (failed()) return;
    int n = le32(buf), at = 4;
    printf("s %d", n);
    for (int i = 0; i < n; i++) {
        double v;
        memcpy(&v, buf + at, 8);
        int k = le32(buf + at + 8);
        at += 12;
        printf(" %016" PRIx64 " %d", bits_of(v), k);
        for (int j = 0; j < k; j++, at += 4) printf(" %d", le32(buf + at));
    }
    printf("\n");
    if (at != size) printf("buffer size %d, decoded %d\n", size, at);
    free_state_buffer(buf);
}

int main(void) {
    set_timing_csv_path(NULL);
    while (fgets(line, sizeof line, stdin)) {
        char cmd[16];
        int used = 0;
        if (sscanf(line, "%15s %n", cmd, &used) != 1) continue;
        char* p = line + used;
        clear_last_error();
        if (!strcmp(cmd, "create")) {
            int n = (int)strtol(p, &p, 10);
            double d = from_bits(p, &p);
            int program = (int)strtol(p, &p, 10);
            int h = create_with_program(n, d, program);
            if (!failed()) printf("h %d\n", h);
        } else if (!strcmp(cmd, "destroy")) {
            destroy_with_distance((int)strtol(p, &p, 10));
            if (!failed()) printf("ok\n");
        } else if (!strcmp(cmd, "clear")) {
            clear_sources_with_distance((int)strtol(p, &p, 10));
            if (!failed()) printf("ok\n");
        } else if (!strcmp(cmd, "source")) {
            int h = (int)strtol(p, &p, 10);
            int node = (int)strtol(p, &p, 10);
            int flag = (int)strtol(p, &p, 10);
            set_source_with_distance(h, node, flag != 0);
            if (!failed()) printf("ok\n");
        } else if (!strcmp(cmd, "pos")) {
            int h = (int)strtol(p, &p, 10);
            int node = (int)strtol(p, &p, 10);
            double x = from_bits(p, &p), y = from_bits(p, &p), z = from_bits(p, &p);
            update_position(h, node, x, y, z);
            if (!failed()) printf("ok\n");
        } else if (!strcmp(cmd, "positions")) {
            int h = (int)strtol(p, &p, 10);
            int n = (int)strtol(p, &p, 10);
            long count = strtol(p, &p, 10);
            if (count < 0 || count > (long)(sizeof xyz / sizeof xyz[0])) { printf("driver: count %ld\n", count); return 2; }
            for (long i = 0; i < count; i++) xyz[i] = from_bits(p, &p);
            if (update_positions(h, xyz, n) == 0 && !failed()) printf("ok\n");
            else if (last_error_code() == SG_OK) printf("e -1\n"); /* -1 with no error code: itself a finding */
            else failed();
        } else if (!strcmp(cmd, "step")) {
            int h = (int)strtol(p, &p, 10);
            int rounds = (int)strtol(p, &p, 10);
            int n = (int)strtol(p, &p, 10);
            int path = (int)strtol(p, &p, 10);
            if (path == 0) step_by_calls(h, rounds, n); else step_by_buffer(h, rounds);
        } else {
            printf("driver: unknown command %s\n", cmd);
            return 2;
        }
        fflush(stdout);
    }
    return 0;
}
