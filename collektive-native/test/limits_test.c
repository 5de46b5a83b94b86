/*
 * Budget and thread-exit checks of libsimple_gradient.so that need their own process (collektive-native/README.md,
 * "Budgets"). Prints TAP lines like abi_test.c; exit code = number of failed checks.
 *   limits_test budgets   run with SG_MAX_LIVE_DEVICES=5000 SG_MAX_LINKS=1000 in the environment
 *   limits_test threads N N threads (64 at a time) each make one failing call and exit; run under valgrind to
 *                         see that their error messages are freed at thread exit
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simple_gradient.h"

static int checks = 0, failures = 0;
static char detail[512];

static void check(int ok, const char* name) {
    checks++;
    if (ok) printf("ok %d - %s\n", checks, name);
    else {
        failures++;
        printf("not ok %d - %s # %s\n", checks, name, detail);
    }
    fflush(stdout);
}

#define CHECK(cond, name, ...) do { snprintf(detail, sizeof detail, __VA_ARGS__); check((cond), (name)); } while (0)

static const char* msg(void) { const char* m = last_error(); return m ? m : "(null)"; }

static int error_is(int code, const char* needle) {
    const char* message = last_error();
    return last_error_code() == code && message != NULL && strstr(message, needle) != NULL;
}

static void budgets(void) {
    int a = create_with_distance(3000, 3.0);
    CHECK(a > 0, "3000 devices fit the live-device budget of 5000", "msg=%s", msg());
    int b = create_with_distance(3000, 3.0);
    CHECK(b == -1 && error_is(SG_LIMIT, "SG_MAX_LIVE_DEVICES"), "3000 more devices are refused with SG_LIMIT", "b=%d code=%d msg=%s", b, last_error_code(), msg());
    int c = create_with_program(2000, 3.0, SG_PROGRAM_HOP);
    CHECK(c > 0, "2000 more still fit (5000 in all)", "msg=%s", msg());
    CHECK(create_with_distance(1, 3.0) == -1 && last_error_code() == SG_LIMIT, "one more device is refused", "code=%d", last_error_code());
    destroy_with_distance(a);
    b = create_with_distance(3000, 3.0);
    CHECK(b > 0, "a destroyed engine returns its devices to the budget", "msg=%s", msg());
    destroy_with_distance(b);
    destroy_with_distance(c);

    /* 100 devices at the default origin: all pairs = 9900 links, over SG_MAX_LINKS=1000 */
    int h = create_with_distance(100, 3.0);
    set_source_with_distance(h, 0, true);
    step_with_distance(h, 1);
    CHECK(error_is(SG_LIMIT, "link budget"), "an all-pairs step over the link budget fails with SG_LIMIT", "code=%d msg=%s", last_error_code(), msg());
    int size = 99;
    unsigned char* buf = step_and_get_state_with_distance(h, 1, &size);
    CHECK(buf == NULL && size == 0 && last_error_code() == SG_LIMIT, "step_and_get_state over the link budget returns NULL, size 0", "size=%d code=%d", size, last_error_code());
    double v = get_value_with_distance(h, 0);
    int* nb = get_neighborhood_with_distance(h, 1, &size);
    CHECK(v == INFINITY && nb == NULL && size == 0, "a refused round leaves the engine as it was (no round run)", "v=%g size=%d", v, size);
    double xyz[300];
    for (int i = 0; i < 100; i++) { xyz[3 * i] = 2.0 * i; xyz[3 * i + 1] = 0; xyz[3 * i + 2] = 0; }
    update_positions(h, xyz, 100);
    step_with_distance(h, 100);
    CHECK(last_error_code() == SG_OK && get_value_with_distance(h, 99) == 198.0, "the same engine steps once its layout fits the budget", "code=%d v=%g", last_error_code(), get_value_with_distance(h, 99));
    destroy_with_distance(h);
}

static void* fail_once(void* arg) {
    (void)arg;
    create_with_distance(-1, 3.0); /* sets this thread's error message */
    return (void*)(long)(last_error() != NULL && last_error_code() == SG_INVALID_ARGUMENT);
}

static void threads(int n) {
    int ok = 1;
    for (int done = 0; done < n;) {
        pthread_t t[64];
        int batch = n - done < 64 ? n - done : 64;
        for (int i = 0; i < batch; i++) pthread_create(&t[i], NULL, fail_once, NULL);
        for (int i = 0; i < batch; i++) {
            void* r;
            pthread_join(t[i], &r);
            if (!r) ok = 0;
        }
        done += batch;
    }
    CHECK(ok, "every thread saw its own error message", "%s", "");
}

int main(int argc, char** argv) {
    printf("TAP version 13\n");
    if (argc > 1 && strcmp(argv[1], "budgets") == 0) budgets();
    else if (argc > 2 && strcmp(argv[1], "threads") == 0) threads(atoi(argv[2]));
    else { fprintf(stderr, "usage: limits_test budgets | threads N\n"); return 99; }
    printf("1..%d\n", checks);
    return failures;
}
