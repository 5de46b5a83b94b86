// os-floor: the operating system's own cost of crossing a process boundary (docs/os-floor.md). For each transport
// named on the command line it forks an echo process, sends it a fixed-size message and waits for the message to
// come back, warm-up + N times, and prints one timing row per sample on stdout in the project's long format
// (`t_ns,id,duration_ns`, t_ns since this program started). No framing, no encoding, no runtime: what is left is
// the kernel's (and the memory system's) part of any out-of-process design on this machine.
//
//   tcp         floor.os.tcp         loopback TCP, TCP_NODELAY, blocking read/write
//   uds         floor.os.uds         Unix domain stream socket (socketpair), blocking read/write
//   shm-spin    floor.os.shm.spin    one shared mapping, both sides spinning on a sequence number
//   shm-futex   floor.os.shm.futex   the same mapping, both sides sleeping in futex(FUTEX_WAIT) until woken
#define _GNU_SOURCE
#include <errno.h>
#include <linux/futex.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { MAX_SIZE = 4096 };
// A peer that does not answer within this time has died or is starved: the sample run fails instead of hanging.
static const int64_t PEER_TIMEOUT_NS = 5LL * 1000 * 1000 * 1000;

struct options {
  long roundTrips, warmup, size, batch;
  int clientCpu, serverCpu; // -1: not pinned
};

static int64_t startNs;

static int64_t nowNs(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void die(const char *what) {
  fprintf(stderr, "os-floor: %s: %s\n", what, strerror(errno));
  exit(2);
}

static void pinTo(int cpu, const char *who) {
  if (cpu < 0) return;
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  if (sched_setaffinity(0, sizeof set, &set) != 0) {
    fprintf(stderr, "os-floor: cannot pin the %s to cpu %d: %s\n", who, cpu, strerror(errno));
    exit(2);
  }
}

/** The echo process: dies with its parent (so a killed benchmark leaves no echo behind), pinned to its CPU. */
static pid_t forkEcho(const struct options *o) {
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid < 0) die("fork");
  if (pid == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(0);
    pinTo(o->serverCpu, "echo process");
  }
  return pid;
}

static void reap(pid_t pid) {
  int status;
  if (waitpid(pid, &status, 0) < 0) die("waitpid");
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    fprintf(stderr, "os-floor: the echo process ended abnormally (status %d)\n", status);
    exit(2);
  }
}

// ------------------------------------------------------------------------------------------------ sockets ----

static int readFull(int fd, char *buf, long n) {
  for (long got = 0; got < n;) {
    ssize_t r = read(fd, buf + got, (size_t)(n - got));
    if (r == 0) return 0;
    if (r < 0) { if (errno == EINTR) continue; return -1; }
    got += r;
  }
  return 1;
}

static int writeFull(int fd, const char *buf, long n) {
  for (long put = 0; put < n;) {
    ssize_t w = write(fd, buf + put, (size_t)(n - put));
    if (w < 0) { if (errno == EINTR) continue; return -1; }
    put += w;
  }
  return 1;
}

static void socketEcho(int fd, long size) {
  char buf[MAX_SIZE];
  for (;;) {
    int r = readFull(fd, buf, size);
    if (r == 0) _exit(0);
    if (r < 0 || writeFull(fd, buf, size) < 0) _exit(3);
  }
}

static void socketRoundTrip(int fd, char *buf, long size) {
  if (writeFull(fd, buf, size) < 0) die("write");
  int r = readFull(fd, buf, size);
  if (r == 0) { fprintf(stderr, "os-floor: the echo process closed the socket\n"); exit(2); }
  if (r < 0) die("read");
}

static void setNoDelay(int fd) {
  int one = 1;
  if (setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) != 0) die("setsockopt TCP_NODELAY");
}

/** Connected pair of sockets for a transport: [client side, echo side]; the echo side is accepted in the child. */
static void tcpPair(int *client, int *listener) {
  *listener = socket(AF_INET, SOCK_STREAM, 0);
  if (*listener < 0) die("socket");
  struct sockaddr_in addr = { .sin_family = AF_INET, .sin_port = 0, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
  if (bind(*listener, (struct sockaddr *)&addr, sizeof addr) != 0) die("bind 127.0.0.1");
  socklen_t len = sizeof addr;
  if (getsockname(*listener, (struct sockaddr *)&addr, &len) != 0) die("getsockname");
  if (listen(*listener, 1) != 0) die("listen");
  *client = socket(AF_INET, SOCK_STREAM, 0);
  if (*client < 0) die("socket");
  if (connect(*client, (struct sockaddr *)&addr, sizeof addr) != 0) die("connect 127.0.0.1");
  setNoDelay(*client);
}

// ---------------------------------------------------------------------------------------- shared memory ----

// One request and one reply slot, each on its own cache lines so the two sides do not share a line they write.
struct slot {
  _Alignas(64) _Atomic uint32_t seq;
  char payload[MAX_SIZE];
};
struct channel {
  struct slot request, reply;
};

static inline void cpuRelax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ __volatile__("yield");
#endif
}

static long futexCall(_Atomic uint32_t *word, int op, uint32_t value, const struct timespec *timeout) {
  // Shared (not FUTEX_PRIVATE_FLAG): the two processes map the same page at possibly different addresses.
  return syscall(SYS_futex, (uint32_t *)word, op, value, timeout, NULL, 0);
}

/**
 * Waits until `slot->seq == want`. Spinning: polls, yielding the CPU every 64 polls so that two spinners placed
 * on one CPU still progress (on separate CPUs a round trip takes far fewer polls). Blocking: sleeps in the kernel
 * until the peer's FUTEX_WAKE. Either way gives up after PEER_TIMEOUT_NS (the peer died or never ran).
 */
static int awaitSeq(struct slot *slot, uint32_t want, int spin) {
  int64_t deadline = 0;
  for (uint32_t polls = 1;; polls += 1) {
    uint32_t seen = atomic_load_explicit(&slot->seq, memory_order_acquire);
    if (seen == want) return 1;
    if (spin) {
      cpuRelax();
      if ((polls & 0x3f) != 0) continue;
      sched_yield();
    } else {
      struct timespec tick = { .tv_sec = 0, .tv_nsec = 100 * 1000 * 1000 };
      if (futexCall(&slot->seq, FUTEX_WAIT, seen, &tick) != 0 && errno != EAGAIN && errno != EINTR && errno != ETIMEDOUT) die("futex wait");
    }
    int64_t now = nowNs();
    if (deadline == 0) deadline = now + PEER_TIMEOUT_NS;
    else if (now > deadline) return 0;
  }
}

static void publish(struct slot *slot, uint32_t seq, int spin) {
  atomic_store_explicit(&slot->seq, seq, memory_order_release);
  if (!spin && futexCall(&slot->seq, FUTEX_WAKE, 1, NULL) < 0) die("futex wake");
}

static void shmEcho(struct channel *ch, long size, int spin, long total) {
  for (uint32_t i = 1; i <= (uint32_t)total; i += 1) {
    if (!awaitSeq(&ch->request, i, spin)) _exit(4);
    memcpy(ch->reply.payload, ch->request.payload, (size_t)size);
    publish(&ch->reply, i, spin);
  }
  _exit(0);
}

// ----------------------------------------------------------------------------------------------- samples ----

struct sample { int64_t t, d; };

static void printSamples(const char *id, const struct sample *s, long n) {
  for (long i = 0; i < n; i += 1) printf("%lld,%s,%lld\n", (long long)s[i].t, id, (long long)s[i].d);
}

static long argLong(const char *name, const char *value, long min, long max) {
  char *end;
  errno = 0;
  long v = value ? strtol(value, &end, 10) : 0;
  if (!value || errno || *end || v < min || v > max) {
    fprintf(stderr, "os-floor: %s needs an integer in [%ld, %ld]\n", name, min, max);
    exit(1);
  }
  return v;
}

/**
 * Runs one transport and prints its warm-up + roundTrips samples, each the mean round trip of a batch (`name:K`
 * sets K for this transport, else --batch).
 */
static void measure(const char *arg, const struct options *o) {
  long samples = o->warmup + o->roundTrips;
  long batch = o->batch;
  char transport[32];
  const char *colon = strchr(arg, ':');
  size_t nameLen = colon ? (size_t)(colon - arg) : strlen(arg);
  if (nameLen >= sizeof transport) nameLen = sizeof transport - 1;
  memcpy(transport, arg, nameLen);
  transport[nameLen] = 0;
  if (colon) batch = argLong("a transport's batch (name:K)", colon + 1, 1, 100000);
  struct sample *out = calloc((size_t)samples, sizeof *out);
  if (!out) die("calloc");
  char buf[MAX_SIZE];
  memset(buf, 'x', sizeof buf);
  const char *id;
  pid_t echo;
  if (strcmp(transport, "tcp") == 0 || strcmp(transport, "uds") == 0) {
    int tcp = transport[0] == 't';
    id = tcp ? "floor.os.tcp" : "floor.os.uds";
    int client, other;
    if (tcp) tcpPair(&client, &other);
    else {
      int sv[2];
      if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) die("socketpair");
      client = sv[0];
      other = sv[1];
    }
    echo = forkEcho(o);
    if (echo == 0) {
      close(client);
      int fd = other;
      if (tcp) {
        fd = accept(other, NULL, NULL);
        if (fd < 0) _exit(3);
        setNoDelay(fd);
      }
      socketEcho(fd, o->size);
    }
    close(other);
    pinTo(o->clientCpu, "client");
    for (long i = 0; i < samples; i += 1) {
      int64_t t0 = nowNs();
      for (long b = 0; b < batch; b += 1) socketRoundTrip(client, buf, o->size);
      int64_t t1 = nowNs();
      out[i] = (struct sample){ t0 - startNs, (t1 - t0) / batch };
    }
    close(client);
  } else if (strcmp(transport, "shm-spin") == 0 || strcmp(transport, "shm-futex") == 0) {
    int spin = strcmp(transport, "shm-spin") == 0;
    id = spin ? "floor.os.shm.spin" : "floor.os.shm.futex";
    struct channel *ch = mmap(NULL, sizeof *ch, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (ch == MAP_FAILED) die("mmap");
    memset(ch, 0, sizeof *ch);
    echo = forkEcho(o);
    if (echo == 0) shmEcho(ch, o->size, spin, samples * batch);
    pinTo(o->clientCpu, "client");
    uint32_t seq = 0;
    for (long i = 0; i < samples; i += 1) {
      int64_t t0 = nowNs();
      for (long b = 0; b < batch; b += 1) {
        seq += 1;
        memcpy(ch->request.payload, buf, (size_t)o->size);
        publish(&ch->request, seq, spin);
        if (!awaitSeq(&ch->reply, seq, spin)) {
          fprintf(stderr, "os-floor: %s: no reply within %lld s (the echo process died or never ran)\n", transport,
            (long long)(PEER_TIMEOUT_NS / 1000000000LL));
          kill(echo, SIGKILL);
          exit(2);
        }
        memcpy(buf, ch->reply.payload, (size_t)o->size);
      }
      int64_t t1 = nowNs();
      out[i] = (struct sample){ t0 - startNs, (t1 - t0) / batch };
    }
  } else {
    fprintf(stderr, "os-floor: unknown transport \"%s\" (tcp, uds, shm-spin, shm-futex)\n", transport);
    exit(1);
  }
  reap(echo);
  printSamples(id, out, samples);
  free(out);
}

static const char *const TRANSPORTS[] = { "tcp", "uds", "shm-spin", "shm-futex", NULL };

static const char USAGE[] =
  "usage: os-floor [--round-trips N] [--warmup W] [--size BYTES] [--batch K] [--client-cpu C] [--server-cpu S]\n"
  "                transport[:K]...   (tcp, uds, shm-spin, shm-futex)\n"
  "Prints t_ns,id,duration_ns rows: W + N samples per transport, each the mean of K round trips of BYTES bytes\n"
  "(K: the transport's own :K, else --batch, default 1).\n";

int main(int argc, char **argv) {
  startNs = nowNs();
  struct options o = { .roundTrips = 1000, .warmup = 30, .size = 64, .batch = 1, .clientCpu = -1, .serverCpu = -1 };
  int first = argc;
  for (int i = 1; i < argc; i += 1) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(a, "--round-trips") == 0) { o.roundTrips = argLong(a, v, 1, 10000000); i += 1; }
    else if (strcmp(a, "--warmup") == 0) { o.warmup = argLong(a, v, 0, 10000000); i += 1; }
    else if (strcmp(a, "--size") == 0) { o.size = argLong(a, v, 1, MAX_SIZE); i += 1; }
    else if (strcmp(a, "--batch") == 0) { o.batch = argLong(a, v, 1, 100000); i += 1; }
    else if (strcmp(a, "--client-cpu") == 0) { o.clientCpu = (int)argLong(a, v, 0, CPU_SETSIZE - 1); i += 1; }
    else if (strcmp(a, "--server-cpu") == 0) { o.serverCpu = (int)argLong(a, v, 0, CPU_SETSIZE - 1); i += 1; }
    else if (strcmp(a, "--help") == 0) { fputs(USAGE, stdout); return 0; }
    else if (a[0] == '-') { fprintf(stderr, "os-floor: unknown option %s\n%s", a, USAGE); return 1; }
    else { first = i; break; }
  }
  if (first == argc) { fputs(USAGE, stderr); return 1; }
  for (int i = first; i < argc; i += 1) {
    size_t len = strcspn(argv[i], ":");
    int known = 0;
    for (const char *const *t = TRANSPORTS; *t; t += 1) known |= strlen(*t) == len && strncmp(*t, argv[i], len) == 0;
    if (!known) { fprintf(stderr, "os-floor: unknown transport \"%s\" (tcp, uds, shm-spin, shm-futex)\n", argv[i]); return 1; }
  }
  // The client's pinning applies per transport, after the echo process is forked (it pins itself).
  signal(SIGPIPE, SIG_IGN);
  printf("t_ns,id,duration_ns\n");
  for (int i = first; i < argc; i += 1) measure(argv[i], &o);
  return fflush(stdout) == 0 ? 0 : 2;
}
