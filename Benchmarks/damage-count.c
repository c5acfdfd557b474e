/* Frames a window showed, counted from outside: the X server's DAMAGE notifications on the window
 * for SECONDS, with the damage taken away after each, so one notification is one change reaching
 * the server; changes less than GAP ms after the one before are one frame (a toolkit that sends a
 * frame in several requests). Benchmarks/gestures.sh divides a gesture's CPU time by this count for
 * the CPU a frame costs, the same way for every program.
 *
 * With --pixels (first), also the pixels the window sends the X server: every rectangle of the
 * DAMAGE notifications (XDamageReportRawRectangles) is summed. A program that sends each frame's
 * changed boxes (XShmPutImage per box) reports their sizes; one that sends the whole window reports
 * the window. RESULTS.md's profile of the drag and the paging flick used it (ours, GTK4 and Qt alike).
 *
 * Build: cc -O2 -o damage-count damage-count.c -lX11 -lXdamage
 * Run:   damage-count DISPLAY WINDOW_ID SECONDS [GAP_MS]     prints the number of frames
 *        damage-count --pixels DISPLAY WINDOW_ID SECONDS [GAP_MS]
 *                    prints "frames F rectangles R pixels P per-frame P/F"
 * SIGTERM ends the count early (at the end of a gesture); it still prints.
 */
#define _GNU_SOURCE
#include <X11/Xlib.h>
#include <X11/extensions/Xdamage.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static volatile sig_atomic_t stopped;
static void on_term(int sig) { (void)sig; stopped = 1; }

int main(int argc, char **argv) {
    struct sigaction sa = { .sa_handler = on_term };
    sigaction(SIGTERM, &sa, NULL);
    int pixels_mode = argc > 1 && strcmp(argv[1], "--pixels") == 0;
    if (pixels_mode) { argc--; argv++; }
    if (argc < 4) { fprintf(stderr, "usage: damage-count [--pixels] DISPLAY WINDOW_ID SECONDS [GAP_MS]\n"); return 2; }
    Display *dpy = XOpenDisplay(argv[1]);
    if (!dpy) { fprintf(stderr, "damage-count: cannot open display %s\n", argv[1]); return 1; }
    int event_base, error_base;
    if (!XDamageQueryExtension(dpy, &event_base, &error_base)) { fprintf(stderr, "damage-count: no DAMAGE extension\n"); return 1; }
    Window win = (Window)strtoul(argv[2], NULL, 0);
    double seconds = atof(argv[3]), gap = argc > 4 ? atof(argv[4]) : 2;
    if (win == 0 || !(seconds > 0)) { fprintf(stderr, "damage-count: WINDOW_ID and SECONDS must be positive numbers\n"); return 2; }
    /* Raw rectangles report every drawing request's box; NonEmpty one notification until the
     * damage is taken away. */
    Damage damage = XDamageCreate(dpy, win, pixels_mode ? XDamageReportRawRectangles : XDamageReportNonEmpty);
    XSync(dpy, False);
    double end = now_ms() + seconds * 1000, last = -1e9;
    long frames = 0;
    long long pixels = 0, rectangles = 0;
    while (!stopped && now_ms() < end) {
        if (!XPending(dpy)) {
            struct pollfd p = { ConnectionNumber(dpy), POLLIN, 0 };
            int left = (int)(end - now_ms());
            if (left <= 0) break;
            poll(&p, 1, left);
            continue;
        }
        XEvent e;
        XNextEvent(dpy, &e);
        if (e.type == event_base + XDamageNotify) {
            double t = now_ms();
            if (t - last >= gap) frames++;
            last = t;
            if (pixels_mode) {
                XDamageNotifyEvent *n = (XDamageNotifyEvent *)&e;
                pixels += (long long)n->area.width * n->area.height;
                rectangles++;
            } else {
                XDamageSubtract(dpy, damage, None, None);
            }
        }
    }
    if (pixels_mode)
        printf("frames %ld rectangles %lld pixels %lld per-frame %.0f\n", frames, rectangles, pixels,
               frames ? (double)pixels / frames : 0.0);
    else
        printf("%ld\n", frames);
    XDamageDestroy(dpy, damage);
    XCloseDisplay(dpy);
    return 0;
}
