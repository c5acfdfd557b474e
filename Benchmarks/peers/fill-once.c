/* The floor under a frame of the grid-scrolling comparison (Benchmarks/gtk-grid-compare.sh): the
 * CPU time of writing every pixel of a 1280x800 ARGB frame once, with plain 32-bit stores in a
 * loop the compiler vectorises (as the backend's opaque rect fill), and of copying a frame over
 * another once (memcpy, as scrolling by moving the old pixels would cost at least). Each is timed
 * FRAMES times after 30 of warm-up, on this thread's CPU clock; the median, 99th percentile and
 * maximum are printed in milliseconds as JSON lines.
 *
 * Build: cc -O2 -o fill-once fill-once.c
 * Run:   ./fill-once [FRAMES]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define W 1280
#define H 800
#define WARMUP 30

static double thread_cpu_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double percentile(double *sorted, int n, double p) {
    int rank = (int)(p / 100 * n + 0.999999) - 1;
    if (rank < 0) rank = 0;
    if (rank >= n) rank = n - 1;
    return sorted[rank];
}

static void report(const char *what, double *ms, int n) {
    qsort(ms, n, sizeof(double), compare);
    printf("{\"floor\": \"%s\", \"frames\": %d, \"frame_ms_p50\": %.3f, \"frame_ms_p99\": %.3f, \"frame_ms_max\": %.3f}\n",
           what, n, percentile(ms, n, 50), percentile(ms, n, 99), ms[n - 1]);
}

int main(int argc, char **argv) {
    int frames = argc > 1 ? atoi(argv[1]) : 600;
    if (frames < 1) { fprintf(stderr, "usage: fill-once [FRAMES]\n"); return 2; }
    uint32_t *a = malloc(sizeof(uint32_t) * W * H), *b = malloc(sizeof(uint32_t) * W * H);
    double *ms = malloc(sizeof(double) * frames);
    if (!a || !b || !ms) return 1;
    memset(b, 0x40, sizeof(uint32_t) * W * H);
    volatile uint32_t sink = 0;
    for (int i = 0; i < WARMUP + frames; i++) {
        double t = thread_cpu_ms();
        uint32_t value = 0xFF000000u | (uint32_t)i;
        for (int p = 0; p < W * H; p++) a[p] = value;
        sink += a[(i * 7919) % (W * H)];
        if (i >= WARMUP) ms[i - WARMUP] = thread_cpu_ms() - t;
    }
    report("every pixel of 1280x800 written once", ms, frames);
    for (int i = 0; i < WARMUP + frames; i++) {
        double t = thread_cpu_ms();
        memcpy(i % 2 ? a : b, i % 2 ? b : a, sizeof(uint32_t) * W * H);
        sink += a[(i * 7919) % (W * H)];
        if (i >= WARMUP) ms[i - WARMUP] = thread_cpu_ms() - t;
    }
    report("a 1280x800 frame copied once", ms, frames);
    free(a); free(b); free(ms);
    return (int)(sink & 0);
}
