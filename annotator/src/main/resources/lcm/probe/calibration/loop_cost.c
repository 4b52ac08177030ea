/*
 * The OpenMP side of lcm's loop-cost microbenchmark (lcm machine calibrate, docs/measure.md,
 * "Calibrating a machine"): the same protocol as lcm.probe.calibration.JavaLoopCost. A worksharing
 * loop of w iterations (w = the team's threads, OMP_NUM_THREADS), each a spin of a fixed delay on
 * the clock, is timed many times, and so is one delay run serially; alternating blocks of both;
 * the medians are printed in seconds: "loop-cost w=W pool=W loop=L serial=S reps=N".
 *
 * usage: loop_cost DELAY_SECONDS WARM_SECONDS MEASURE_SECONDS
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define BLOCKS 10

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static void spin(double seconds) {
    double end = now() + seconds;
    while (now() < end) {
    }
}

static void loop(int w, double delay) {
#pragma omp parallel for schedule(static)
    for (int i = 0; i < w; i++) {
        spin(delay);
    }
}

static int ascending(const void *x, const void *y) {
    double a = *(const double *) x, b = *(const double *) y;
    return a < b ? -1 : a > b;
}

static double median(double *s, int n) {
    qsort(s, n, sizeof(double), ascending);
    return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: loop_cost DELAY_SECONDS WARM_SECONDS MEASURE_SECONDS\n");
        return 2;
    }
    double delay = atof(argv[1]), warm = atof(argv[2]), measure = atof(argv[3]);
    int w = omp_get_max_threads();
    double warmEnd = now() + warm;
    while (now() < warmEnd) {
        loop(w, delay);
        spin(delay);
    }
    int reps = (int) (measure / (2 * delay + 1e-6));
    if (reps < BLOCKS) {
        reps = BLOCKS;
    }
    int perBlock = reps / BLOCKS;
    int n = perBlock * BLOCKS;
    double *par = malloc(n * sizeof(double)), *ser = malloc(n * sizeof(double));
    if (!par || !ser) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    int k = 0;
    for (int block = 0; block < BLOCKS; block++) {
        for (int i = 0; i < perBlock; i++) {
            double t0 = now();
            spin(delay);
            ser[k + i] = now() - t0;
        }
        for (int i = 0; i < perBlock; i++) {
            double t0 = now();
            loop(w, delay);
            par[k + i] = now() - t0;
        }
        k += perBlock;
    }
    printf("loop-cost w=%d pool=%d loop=%.9e serial=%.9e reps=%d\n", w, w, median(par, n), median(ser, n), n);
    free(par);
    free(ser);
    return 0;
}
