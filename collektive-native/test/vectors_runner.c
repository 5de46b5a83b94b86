/*
 * Replays test vectors through the C ABI of libsimple_gradient.so. Input (stdin), one item per line, converted
 * from collektive-core/test-vectors/ (JSON) by native.test.mjs (doubles in shortest round-trip decimal, which
 * strtod reads exactly):
 *   V <nodeCount> <maxDistance> <program>     start a vector (a new engine): create_with_program when <program>
 *                                             is an index, create_with_program_spec when it is a spec
 *   S <node> <0|1>                            set_source_with_distance
 *   C                                         clear_sources_with_distance
 *   P <node> <x> <y> <z>                      update_position
 *   A <x0> <y0> <z0> <x1> ...                 update_positions (3 x nodeCount doubles)
 *   R <steps>                                 run the round and print the state
 *   L <scenario> <n> <seed> <meanDegree> <maxDistance>
 *                                             scenario_positions into a buffer of its own, printed as "layout"
 *                                             then one line per device "<x bits> <y bits> <z bits>" (no engine)
 * Output per R line: "round <r>" then one line per node "<value bits as 16 hex digits> <k> <ids...>". Even
 * rounds go through step_and_get_state_with_distance (state buffer), odd rounds through step_with_distance +
 * get_value / get_neighborhood. Any ABI error prints "error <code> <message>" and exits 1.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simple_gradient.h"

static char line[1 << 22];

static void fail_if_error(const char* what) {
    if (last_error_code() != SG_OK) {
        printf("error %d %s: %s\n", last_error_code(), what, last_error());
        exit(1);
    }
}

static uint64_t bits_of(double v) { uint64_t b; memcpy(&b, &v, 8); return b; }

int main(void) {
    int h = -1, n = 0, round = 0;
    double* xyz = NULL;
    while (fgets(line, sizeof line, stdin)) {
        char* p = line + 1;
        switch (line[0]) {
        case 'V': {
            if (h > 0) destroy_with_distance(h);
            double d = 0;
            char spec[256];
            n = (int)strtol(p, &p, 10);
            d = strtod(p, &p);
            if (sscanf(p, "%255s", spec) != 1) { printf("error 0 no program on the V line\n"); exit(1); }
            char* end = NULL;
            long index = strtol(spec, &end, 10);
            h = *end == '\0' ? create_with_program(n, d, (int)index) : create_with_program_spec(n, d, spec);
            fail_if_error("create");
            free(xyz);
            xyz = malloc(sizeof(double) * 3 * (n > 0 ? n : 1));
            round = 0;
            break;
        }
        case 'S': {
            int node = (int)strtol(p, &p, 10);
            int flag = (int)strtol(p, &p, 10);
            set_source_with_distance(h, node, flag != 0);
            fail_if_error("set_source");
            break;
        }
        case 'C':
            clear_sources_with_distance(h);
            fail_if_error("clear_sources");
            break;
        case 'P': {
            int node = (int)strtol(p, &p, 10);
            double x = strtod(p, &p), y = strtod(p, &p), z = strtod(p, &p);
            update_position(h, node, x, y, z);
            fail_if_error("update_position");
            break;
        }
        case 'A':
            for (int k = 0; k < 3 * n; k++) xyz[k] = strtod(p, &p);
            update_positions(h, xyz, n);
            fail_if_error("update_positions");
            break;
        case 'R': {
            int steps = (int)strtol(p, &p, 10);
            printf("round %d\n", round);
            if (round % 2 == 0) {
                int size = 0;
                unsigned char* buf = step_and_get_state_with_distance(h, steps, &size);
                fail_if_error("step_and_get_state");
                int32_t count;
                memcpy(&count, buf, 4);
                const unsigned char* q = buf + 4;
                for (int i = 0; i < count; i++) {
                    double v;
                    int32_t k;
                    memcpy(&v, q, 8);
                    memcpy(&k, q + 8, 4);
                    printf("%016" PRIx64 " %d", bits_of(v), k);
                    for (int j = 0; j < k; j++) { int32_t id; memcpy(&id, q + 12 + 4 * j, 4); printf(" %d", id); }
                    printf("\n");
                    q += 12 + 4 * k;
                }
                if (q != buf + size) { printf("error buffer size %d, parsed %d\n", size, (int)(q - buf)); return 1; }
                free_state_buffer(buf);
            } else {
                step_with_distance(h, steps);
                fail_if_error("step");
                for (int i = 0; i < n; i++) {
                    double v = get_value_with_distance(h, i);
                    fail_if_error("get_value");
                    int k = 0;
                    int* ids = get_neighborhood_with_distance(h, i, &k);
                    fail_if_error("get_neighborhood");
                    printf("%016" PRIx64 " %d", bits_of(v), k);
                    for (int j = 0; j < k; j++) printf(" %d", ids[j]);
                    printf("\n");
                    free_neighborhood_with_distance(ids);
                }
            }
            round++;
            break;
        }
        case 'L': {
            int scenario = (int)strtol(p, &p, 10);
            int count = (int)strtol(p, &p, 10);
            long long seed = strtoll(p, &p, 10);
            double meanDegree = strtod(p, &p), maxDistance = strtod(p, &p);
            double* out = malloc(sizeof(double) * 3 * (count > 0 ? count : 1));
            scenario_positions(scenario, count, seed, meanDegree, maxDistance, out, 3 * count);
            fail_if_error("scenario_positions");
            printf("layout\n");
            for (int i = 0; i < count; i++) {
                printf("%016" PRIx64 " %016" PRIx64 " %016" PRIx64 "\n", bits_of(out[3 * i]), bits_of(out[3 * i + 1]), bits_of(out[3 * i + 2]));
            }
            free(out);
            break;
        }
        default:
            break;
        }
    }
    if (h > 0) destroy_with_distance(h);
    free(xyz);
    return 0;
}
