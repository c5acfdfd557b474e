/* Start-up and memory probe for Benchmarks/memory-startup.sh: starts a program under an X
 * display and reports, as one JSON line,
 *   mapped_ms  from just before exec until the X server maps the program's first top-level window
 *              (a MapNotify on the root window, which this probe watches before it forks);
 *   frame_ms   from just before exec until the window first shows a drawn frame: its pixels are
 *              read back (XGetImage of the whole window) every millisecond after it is mapped,
 *              until they are not all one colour (a window is mapped blank, in its background
 *              colour; each program measured draws text or tiles in its first frame). Reading a
 *              1280x800 window back takes a few ms, so this moment is known to within that;
 *   cpu_mapped_ms / cpu_frame_ms  the CPU time all the program's threads had run by then (the sum
 *              of /proc/PID/task/ * /schedstat, read as soon as the probe saw each moment): the start-up
 *              work itself, which a machine busy with other work does not inflate as it does the wall
 *              clock;
 *   rss_kb     the program's resident memory (VmRSS of /proc/PID/status) SETTLE seconds after exec;
 *   anon_kb / file_kb  the same split into anonymous and file-backed pages (RssAnon, RssFile).
 *   gl_loaded  whether an OpenGL driver is mapped into the program then (libGLX, libEGL, a Mesa
 *              *_dri.so or libgallium, or libLLVM).
 * The program is then sent SIGTERM (SIGKILL a second later if it is still there).
 *
 * Build: cc -O2 -o launch-probe launch-probe.c -lX11
 * Run:   launch-probe DISPLAY SETTLE_SECONDS PROGRAM [ARGS...]
 */
#define _GNU_SOURCE
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static long status_kb(pid_t pid, const char *field) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    long kb = -1;
    size_t n = strlen(field);
    while (fgets(line, sizeof line, f))
        if (strncmp(line, field, n) == 0 && line[n] == ':') { kb = atol(line + n + 1); break; }
    fclose(f);
    return kb;
}

/* CPU time in ms all threads of pid have run so far (their schedstat run times). */
static double cpu_ms(pid_t pid) {
    char path[96];
    snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
    DIR *dir = opendir(path);
    if (!dir) return -1;
    double total = 0;
    struct dirent *e;
    while ((e = readdir(dir))) {
        if (e->d_name[0] == '.') continue;
        char stat[352];
        snprintf(stat, sizeof stat, "/proc/%d/task/%s/schedstat", (int)pid, e->d_name);
        FILE *f = fopen(stat, "r");
        if (!f) continue;
        unsigned long long ns = 0;
        if (fscanf(f, "%llu", &ns) == 1) total += ns / 1e6;
        fclose(f);
    }
    closedir(dir);
    return total;
}

static int gl_loaded(pid_t pid) {
    char path[64], line[1024];
    snprintf(path, sizeof path, "/proc/%d/maps", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    int found = 0;
    while (!found && fgets(line, sizeof line, f))
        found = strstr(line, "libGLX") || strstr(line, "libEGL") || strstr(line, "_dri.so") ||
                strstr(line, "libgallium") || strstr(line, "libLLVM");
    fclose(f);
    return found;
}

/* Whether the window shows a drawn frame: not one colour all over. A window is mapped with a
 * plain background (black, white, or its toolkit's); every program measured here draws text or
 * tiles in its first frame. */
static int drawn(Display *d, Window w) {
    XWindowAttributes a;
    if (!XGetWindowAttributes(d, w, &a) || a.map_state != IsViewable) return 0;
    XImage *img = XGetImage(d, w, 0, 0, a.width, a.height, AllPlanes, ZPixmap);
    if (!img) return 0;
    unsigned long first = XGetPixel(img, 0, 0) & 0xFFFFFF;
    int any = 0;
    for (int y = 0; y < a.height && !any; y += 2)
        for (int x = 0; x < a.width && !any; x += 2) any = (XGetPixel(img, x, y) & 0xFFFFFF) != first;
    XDestroyImage(img);
    return any;
}

static int ignore_errors(Display *d, XErrorEvent *e) { (void)d; (void)e; return 0; }

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: launch-probe DISPLAY SETTLE_SECONDS PROGRAM [ARGS...]\n");
        return 2;
    }
    /* A busy server can turn a connection away for a moment. */
    Display *d = NULL;
    for (int i = 0; i < 50 && !(d = XOpenDisplay(argv[1])); i++) usleep(100000);
    if (!d) { fprintf(stderr, "launch-probe: cannot open display %s\n", argv[1]); return 1; }
    XSetErrorHandler(ignore_errors);
    double settle = atof(argv[2]);
    Window root = DefaultRootWindow(d);
    XSelectInput(d, root, SubstructureNotifyMask);
    XSync(d, False);
    setenv("DISPLAY", argv[1], 1);

    double t0 = now_ms();
    pid_t pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) { dup2(null, 1); dup2(null, 2); }
        execvp(argv[3], argv + 3);
        _exit(127);
    }
    if (pid < 0) { perror("launch-probe: fork"); return 1; }

    double mapped = -1, frame = -1, cpu_mapped = -1, cpu_frame = -1;
    Window win = 0;
    int fd = ConnectionNumber(d);
    while (now_ms() - t0 < settle * 1000) {
        while (XPending(d)) {
            XEvent e;
            XNextEvent(d, &e);
            if (e.type == MapNotify && e.xmap.event == root && !e.xmap.override_redirect) {
                if (mapped < 0) {
                    mapped = now_ms() - t0;
                    cpu_mapped = cpu_ms(pid);
                }
                /* A program may map a window and make it again (SDL does, to give it OpenGL): the
                 * first frame is looked for in the window mapped last. */
                win = e.xmap.window;
            }
            if (e.type == DestroyNotify && e.xdestroywindow.window == win) win = 0;
        }
        if (win && frame < 0 && drawn(d, win)) {
            frame = now_ms() - t0;
            cpu_frame = cpu_ms(pid);
        }
        if (waitpid(pid, NULL, WNOHANG) == pid) { pid = -1; break; }
        /* Wait for the next X event, at most a millisecond. */
        fd_set fds;
        FD_ZERO(&fds);
        FD_SET(fd, &fds);
        struct timeval tv = {0, (win && frame < 0) ? 1000 : 5000};
        select(fd + 1, &fds, NULL, NULL, &tv);
    }
    long rss = -1, anon = -1, file = -1;
    int gl = 0;
    if (pid > 0) {
        gl = gl_loaded(pid);
        rss = status_kb(pid, "VmRSS");
        anon = status_kb(pid, "RssAnon");
        file = status_kb(pid, "RssFile");
        kill(pid, SIGTERM);
        for (int i = 0; i < 100 && waitpid(pid, NULL, WNOHANG) == 0; i++) usleep(10000);
        if (waitpid(pid, NULL, WNOHANG) == 0) { kill(pid, SIGKILL); waitpid(pid, NULL, 0); }
    }
    printf("{\"mapped_ms\": %.1f, \"frame_ms\": %.1f, \"cpu_mapped_ms\": %.1f, \"cpu_frame_ms\": %.1f, \"rss_kb\": %ld, \"anon_kb\": %ld, \"file_kb\": %ld, \"gl_loaded\": %s, \"exited_early\": %s}\n",
           mapped, frame, cpu_mapped, cpu_frame, rss, anon, file, gl ? "true" : "false", pid < 0 ? "true" : "false");
    XCloseDisplay(d);
    return 0;
}
