// Run by: machine-states.sh (built with cc).
// How this machine's speed changes under a run, on two kinds of work at once: a compute loop
// (floating-point, no memory traffic) and a memory-latency loop (a random pointer chase through
// 16 MB, about one cache and TLB miss per load). Both run alternately, milliseconds apart, on one
// CPU, and each 5-second bin prints the median of each and their ratio.
//
// Why: pairing cancels a change of the machine's speed only where the two strategies compared
// change alike. Where this ratio moves, code bound by memory latency (JSONSerialization's object
// trees) and code bound by instructions (a scan of the bytes) change unequally, and so does their
// paired ratio (results/README.md, "What an interval covers").
//
// With a second CPU, the loops alternate between the two CPUs and each bin prints both CPUs'
// medians: whether the machine's states are the vCPU's (a run could then sample on the faster
// one) or the whole VM's.
//
// Built and run by scripts/machine-states.sh. Usage: machine-states CPU SECONDS [SECOND_CPU]
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int pin(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return sched_setaffinity(0, sizeof set, &set) == 0;
}

static double median(double *values, int n) {
    qsort(values, n, sizeof *values, by_value);
    return values[n / 2];
}

enum { loads = 200000, flops = 2000000, most = 4096 };

int main(int argc, char **argv) {
    if (argc != 3 && argc != 4) {
        fprintf(stderr, "usage: machine-states CPU SECONDS [SECOND_CPU]\n");
        return 2;
    }
    int cpus[2] = {atoi(argv[1]), argc == 4 ? atoi(argv[3]) : atoi(argv[1])};
    int sides = argc == 4 ? 2 : 1;
    for (int side = sides - 1; side >= 0; side--) {
        if (!pin(cpus[side])) {
            fprintf(stderr, "error: cannot run on CPU %d\n", cpus[side]);
            return 2;
        }
    }
    double seconds = atof(argv[2]);
    setvbuf(stdout, NULL, _IOLBF, 0);  // a line per bin as it ends, also into a pipe

    // One random cycle through every slot (Sattolo's shuffle), so each load depends on the last.
    size_t n = 16u << 20 >> 3;
    size_t *next = malloc(n * sizeof *next);
    for (size_t i = 0; i < n; i++) next[i] = i;
    srand(1);
    for (size_t i = n - 1; i > 0; i--) {
        size_t j = (size_t)rand() % i, t = next[i];
        next[i] = next[j];
        next[j] = t;
    }

    static double memory[2][most], compute[2][most];
    int count[2] = {0, 0}, bin = 0, side = 0;
    size_t p = 0;
    volatile double sink = 1;
    double start = now();
    if (sides == 1) {
        printf("%8s %12s %12s %8s\n", "seconds", "ns per load", "compute ms", "ratio");
    } else {
        printf("%8s %10s%-2d %10s%-2d %10s%-2d %10s%-2d\n", "seconds", "load ns @", cpus[0], "load ns @", cpus[1],
               "comp ms @", cpus[0], "comp ms @", cpus[1]);
    }
    while (now() - start < seconds) {
        if (sides == 2) pin(cpus[side]);
        double t0 = now();
        for (int k = 0; k < loads; k++) p = next[p];
        double t1 = now();
        double y = sink;
        for (int k = 0; k < flops; k++) y = y * 1.0000001 + 0.1;
        sink = y;
        double t2 = now();
        if (count[side] < most) {
            memory[side][count[side]] = (t1 - t0) * 1e9 / loads;
            compute[side][count[side]] = (t2 - t1) * 1e3;
            count[side]++;
        }
        side = (side + 1) % sides;
        if (side == 0 && (t2 - start >= 5.0 * (bin + 1) || now() - start >= seconds)) {
            if (sides == 1) {
                double m = median(memory[0], count[0]), c = median(compute[0], count[0]);
                printf("%8.0f %12.1f %12.3f %8.2f\n", t2 - start, m, c, m / c);
            } else {
                printf("%8.0f %12.1f %12.1f %12.3f %12.3f\n", t2 - start, median(memory[0], count[0]),
                       median(memory[1], count[1]), median(compute[0], count[0]), median(compute[1], count[1]));
            }
            count[0] = count[1] = 0;
            bin++;
        }
    }
    // The chase's end is kept (volatile) so the compiler keeps the loads; exit 0 whatever it is.
    volatile size_t end = p;
    (void)end;
    return 0;
}
