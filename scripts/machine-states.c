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
// Built and run by scripts/machine-states.sh. Usage: machine-states CPU SECONDS
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

static double median(double *values, int n) {
    qsort(values, n, sizeof *values, by_value);
    return values[n / 2];
}

enum { loads = 200000, flops = 2000000, most = 4096 };

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: machine-states CPU SECONDS\n");
        return 2;
    }
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(atoi(argv[1]), &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0) {
        fprintf(stderr, "error: cannot run on CPU %s\n", argv[1]);
        return 2;
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

    static double memory[most], compute[most];
    int count = 0, bin = 0;
    size_t p = 0;
    volatile double sink = 1;
    double start = now();
    printf("%8s %12s %12s %8s\n", "seconds", "ns per load", "compute ms", "ratio");
    while (now() - start < seconds) {
        double t0 = now();
        for (int k = 0; k < loads; k++) p = next[p];
        double t1 = now();
        double y = sink;
        for (int k = 0; k < flops; k++) y = y * 1.0000001 + 0.1;
        sink = y;
        double t2 = now();
        if (count < most) {
            memory[count] = (t1 - t0) * 1e9 / loads;
            compute[count] = (t2 - t1) * 1e3;
            count++;
        }
        if (t2 - start >= 5.0 * (bin + 1) || now() - start >= seconds) {
            double m = median(memory, count), c = median(compute, count);
            printf("%8.0f %12.1f %12.3f %8.2f\n", t2 - start, m, c, m / c);
            count = 0;
            bin++;
        }
    }
    return (int)(p & 1);
}
