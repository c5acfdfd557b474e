/* Input-to-pixels latency probe (Benchmarks/input-latency.sh): sends input to one window with
 * XTest and times, on the monotonic clock, from just before the request leaves until the X server
 * reports that the window's pixels changed (an XDamage notification: the server has applied the
 * program's drawing, ShmPutImage or PutImage or Render, to the window).
 *
 * Cases:
 *   wheel X Y   the pointer rests at window point X,Y; each trial is one wheel notch, down and up
 *               in turn (buttons 5 and 4), so the content goes back and forth by one notch;
 *   key         the window has the input focus; each trial is one Page Down or Page Up, in turn;
 *   arrows      as key, with Right and Left in turn (a paging view turned a page and back);
 *   drag X Y    button 1 is pressed at X,Y, held 600 ms (past any long press), moved 24 pixels to
 *               start a drag, and left to settle; each trial then moves the pointer 6 pixels right
 *               or left, in turn, with the button still held; released at the end.
 * With --min-area N (first, before DISPLAY), a trial ends only when the damage since the input
 * covers a box of at least N pixels: the content moving, not a scroll bar or a focus ring alone;
 * the line then also gives how long after the trial's first change that was (after_first_*).
 *
 * Before each trial the window must have been quiet (no damage) for 60 ms, then a random 0-16 ms
 * more passes, so the input lands at any phase of a peer's frame clock. A trial with no change
 * within 500 ms counts as a timeout (and is left out of the figures).
 *
 * Prints one JSON line: the case, trials, timeouts, and the median, 90th and 99th percentile,
 * maximum and minimum in milliseconds.
 *
 * Build: cc -O2 -o input-latency input-latency.c -lX11 -lXtst -lXdamage -lXfixes
 * Run:   input-latency [--min-area N] DISPLAY WINDOW_ID TRIALS wheel|key|arrows|drag [X Y]
 */
#define _GNU_SOURCE
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/Xdamage.h>
#include <X11/keysym.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static Display *dpy;
static Window win;
static Damage damage;
static int damage_event;
/* The least box, in pixels, the damage since a trial's input must cover to end it (0: any). */
static long min_area;
/* When the wait last saw any damage at all (ms, 0: none): with --min-area, the first change of a
 * trial, which may come frames before the content moves. */
static double first_damage;

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void sleep_ms(double ms) {
    if (ms <= 0) return;
    struct timespec ts = { (time_t)(ms / 1000), (long)((ms - (time_t)(ms / 1000) * 1000) * 1e6) };
    nanosleep(&ts, NULL);
}

/* Waits up to `timeout` ms for the window to be damaged over a box of `least` pixels at least;
 * true when it was. Each such notification is acknowledged (the damage emptied) so the next change
 * is reported again. */
static int wait_damage(double timeout, long least) {
    double end = now_ms() + timeout;
    for (;;) {
        while (XPending(dpy)) {
            XEvent e;
            XNextEvent(dpy, &e);
            if (e.type == damage_event + XDamageNotify) {
                /* The bounding box of the damage so far; it is emptied when big enough. */
                XDamageNotifyEvent *d = (XDamageNotifyEvent *)&e;
                if (first_damage == 0) first_damage = now_ms();
                if ((long)d->area.width * d->area.height < least) continue;
                XDamageSubtract(dpy, damage, None, None);
                XFlush(dpy);
                return 1;
            }
        }
        double left = end - now_ms();
        if (left <= 0) return 0;
        struct pollfd p = { ConnectionNumber(dpy), POLLIN, 0 };
        poll(&p, 1, (int)(left + 1));
    }
}

/* Waits until the window has had no damage for `quiet` ms (at most 3 s). */
static void settle(double quiet) {
    double give_up = now_ms() + 3000;
    while (wait_damage(quiet, 0) && now_ms() < give_up) {}
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double percentile(const double *sorted, int n, double p) {
    int rank = (int)(p / 100 * n + 0.999999) - 1;
    if (rank < 0) rank = 0;
    if (rank >= n) rank = n - 1;
    return sorted[rank];
}

/* The screen position of window point x, y. */
static void to_root(int x, int y, int *rx, int *ry) {
    Window child;
    XTranslateCoordinates(dpy, win, DefaultRootWindow(dpy), x, y, rx, ry, &child);
}

int main(int argc, char **argv) {
    if (argc > 2 && !strcmp(argv[1], "--min-area")) {
        min_area = atol(argv[2]);
        argv[2] = argv[0];
        argv += 2; argc -= 2;
    }
    if (argc < 5) {
        fprintf(stderr, "usage: input-latency [--min-area N] DISPLAY WINDOW_ID TRIALS wheel|key|arrows|drag [X Y]\n");
        return 2;
    }
    const char *mode = argv[4];
    int trials = atoi(argv[3]);
    int x = argc > 6 ? atoi(argv[5]) : 640, y = argc > 6 ? atoi(argv[6]) : 400;
    if (trials < 1 || (strcmp(mode, "wheel") && strcmp(mode, "key") && strcmp(mode, "arrows") && strcmp(mode, "drag"))) {
        fprintf(stderr, "input-latency: TRIALS must be a positive number and the case wheel, key, arrows or drag\n");
        return 2;
    }
    dpy = XOpenDisplay(argv[1]);
    if (!dpy) { fprintf(stderr, "input-latency: cannot open display %s\n", argv[1]); return 1; }
    int ev, err, major, minor;
    if (!XTestQueryExtension(dpy, &ev, &err, &major, &minor) || !XDamageQueryExtension(dpy, &damage_event, &err)) {
        fprintf(stderr, "input-latency: the display has no XTest or no DAMAGE extension\n");
        return 1;
    }
    win = (Window)strtoul(argv[2], NULL, 0);
    XWindowAttributes attrs;
    if (!win || !XGetWindowAttributes(dpy, win, &attrs)) {
        fprintf(stderr, "input-latency: no window %s on %s\n", argv[2], argv[1]);
        return 1;
    }
    damage = XDamageCreate(dpy, win, min_area > 0 ? XDamageReportBoundingBox : XDamageReportNonEmpty);
    srand(44);
    int rx, ry;
    to_root(x, y, &rx, &ry);
    XTestFakeMotionEvent(dpy, -1, rx, ry, 0);
    if (!strcmp(mode, "key") || !strcmp(mode, "arrows")) XSetInputFocus(dpy, win, RevertToParent, CurrentTime);
    XSync(dpy, False);
    settle(200);
    if (!strcmp(mode, "drag")) {
        XTestFakeButtonEvent(dpy, 1, True, 0);
        XFlush(dpy);
        sleep_ms(600);
        for (int i = 1; i <= 4; i++) {
            XTestFakeMotionEvent(dpy, -1, rx + 6 * i, ry + 2 * i, 0);
            XFlush(dpy);
            sleep_ms(20);
        }
        rx += 24; ry += 8;
        settle(200);
    }
    int arrows = !strcmp(mode, "arrows");
    KeyCode page_down = XKeysymToKeycode(dpy, arrows ? XK_Right : XK_Page_Down), page_up = XKeysymToKeycode(dpy, arrows ? XK_Left : XK_Page_Up);
    double *ms = calloc(trials, sizeof(double)), *gap = calloc(trials, sizeof(double));
    int got = 0, timeouts = 0;
    for (int i = 0; i < trials; i++) {
        settle(60);
        sleep_ms(rand() % 17);
        XSync(dpy, False);
        // Anything the wait let through is not this trial's.
        while (XPending(dpy)) { XEvent e; XNextEvent(dpy, &e); }
        XDamageSubtract(dpy, damage, None, None);
        XSync(dpy, False);
        int forward = i % 2 == 0;
        double t0 = now_ms();
        if (!strcmp(mode, "wheel")) {
            unsigned button = forward ? 5 : 4;
            XTestFakeButtonEvent(dpy, button, True, 0);
            XTestFakeButtonEvent(dpy, button, False, 0);
        } else if (!strcmp(mode, "key") || arrows) {
            KeyCode k = forward ? page_down : page_up;
            XTestFakeKeyEvent(dpy, k, True, 0);
            XTestFakeKeyEvent(dpy, k, False, 0);
        } else {
            XTestFakeMotionEvent(dpy, -1, forward ? rx + 6 : rx, ry, 0);
        }
        XFlush(dpy);
        first_damage = 0;
        if (wait_damage(500, min_area)) {
            double t = now_ms();
            gap[got] = t - first_damage;
            ms[got++] = t - t0;
        } else timeouts++;
    }
    if (!strcmp(mode, "drag")) {
        XTestFakeButtonEvent(dpy, 1, False, 0);
        XFlush(dpy);
        settle(200);
    }
    if (got == 0) {
        printf("{\"case\": \"%s\", \"trials\": %d, \"timeouts\": %d}\n", mode, trials, timeouts);
        return 1;
    }
    qsort(ms, got, sizeof(double), compare);
    qsort(gap, got, sizeof(double), compare);
    printf("{\"case\": \"%s\", \"trials\": %d, \"timeouts\": %d, \"p50_ms\": %.2f, \"p90_ms\": %.2f, \"p99_ms\": %.2f, \"max_ms\": %.2f, "
           "\"min_ms\": %.2f",
           mode, trials, timeouts, percentile(ms, got, 50), percentile(ms, got, 90), percentile(ms, got, 99), ms[got - 1], ms[0]);
    /* With --min-area: how long after the first change the content moved, median and 90th percentile. */
    if (min_area > 0) printf(", \"after_first_p50_ms\": %.2f, \"after_first_p90_ms\": %.2f", percentile(gap, got, 50), percentile(gap, got, 90));
    printf("}\n");
    XDamageDestroy(dpy, damage);
    XCloseDisplay(dpy);
    return 0;
}
