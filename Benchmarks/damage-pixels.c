/* Pixels a window sends the X server, counted from outside: every rectangle of the X server's
 * DAMAGE notifications for the window (XDamageReportRawRectangles) for SECONDS, summed, with the
 * frames counted as Benchmarks/damage-count.c does (changes less than 2 ms apart are one frame).
 * A program that sends each frame's changed boxes (XShmPutImage per box) reports their sizes; one
 * that sends the whole window reports the window. RESULTS.md's profile of the drag and the paging
 * flick used it (ours, GTK4 and Qt alike).
 *
 * Build: cc -O2 -o damage-pixels damage-pixels.c -lX11 -lXdamage
 * Run:   damage-pixels DISPLAY WINDOW_ID SECONDS
 *        prints "frames F rectangles R pixels P per-frame P/F"; SIGTERM ends the count early.
 */
#define _GNU_SOURCE
#include <X11/Xlib.h>
#include <X11/extensions/Xdamage.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
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
    if (argc < 4) { fprintf(stderr, "usage: damage-pixels DISPLAY WINDOW_ID SECONDS\n"); return 2; }
    Display *dpy = XOpenDisplay(argv[1]);
    if (!dpy) { fprintf(stderr, "damage-pixels: cannot open display %s\n", argv[1]); return 1; }
    int event_base, error_base;
    if (!XDamageQueryExtension(dpy, &event_base, &error_base)) { fprintf(stderr, "damage-pixels: no DAMAGE extension\n"); return 1; }
    Window win = (Window)strtoul(argv[2], NULL, 0);
    double seconds = atof(argv[3]);
    if (win == 0 || !(seconds > 0)) { fprintf(stderr, "damage-pixels: WINDOW_ID and SECONDS must be positive numbers\n"); return 2; }
    Damage damage = XDamageCreate(dpy, win, XDamageReportRawRectangles);
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
            XDamageNotifyEvent *n = (XDamageNotifyEvent *)&e;
            double t = now_ms();
            if (t - last >= 2) frames++;
            last = t;
            pixels += (long long)n->area.width * n->area.height;
            rectangles++;
        }
    }
    printf("frames %ld rectangles %lld pixels %lld per-frame %.0f\n", frames, rectangles, pixels,
           frames ? (double)pixels / frames : 0.0);
    XDamageDestroy(dpy, damage);
    XCloseDisplay(dpy);
    return 0;
}
