/* What a desktop does around a window, for the window tests: listens to startup-notification
 * messages as a launcher's feedback does, and asks the window manager for a window state as a
 * title bar's buttons do.
 *
 *   x11-desktop startup-listen FILE      appends each _NET_STARTUP_INFO message broadcast on the
 *                                        root window to FILE, one a line; prints "ready" on
 *                                        stdout once it listens, and runs until killed
 *   x11-desktop state WINDOW add|remove ATOM [ATOM]
 *                                        sends EWMH _NET_WM_STATE for WINDOW (decimal or 0x hex),
 *                                        e.g. add _NET_WM_STATE_MAXIMIZED_VERT _NET_WM_STATE_MAXIMIZED_HORZ
 *
 * Build: cc -o x11-desktop x11-desktop.c $(pkg-config --cflags --libs x11)
 */
#include <X11/Xlib.h>
#include <X11/Xatom.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int startup_listen(Display *d, const char *path) {
    Window root = DefaultRootWindow(d);
    Atom begin = XInternAtom(d, "_NET_STARTUP_INFO_BEGIN", False);
    Atom more = XInternAtom(d, "_NET_STARTUP_INFO", False);
    XSelectInput(d, root, PropertyChangeMask);
    XSync(d, False);
    printf("ready\n");
    fflush(stdout);
    char message[4096];
    size_t length = 0;
    int open_message = 0;
    for (;;) {
        XEvent e;
        XNextEvent(d, &e);
        if (e.type != ClientMessage || e.xclient.format != 8) continue;
        if (e.xclient.message_type == begin) { length = 0; open_message = 1; }
        else if (e.xclient.message_type != more || !open_message) continue;
        for (int i = 0; i < 20; i++) {
            char c = e.xclient.data.b[i];
            if (c == '\0') {
                FILE *f = fopen(path, "a");
                if (f) { fwrite(message, 1, length, f); fputc('\n', f); fclose(f); }
                open_message = 0;
                length = 0;
                break;
            }
            if (length < sizeof message - 1) message[length++] = c;
        }
    }
    return 0;
}

static int state(Display *d, Window w, const char *action, int count, char **atoms) {
    XEvent e;
    memset(&e, 0, sizeof e);
    e.xclient.type = ClientMessage;
    e.xclient.window = w;
    e.xclient.message_type = XInternAtom(d, "_NET_WM_STATE", False);
    e.xclient.format = 32;
    e.xclient.data.l[0] = strcmp(action, "add") == 0 ? 1 : 0;
    e.xclient.data.l[1] = (long)XInternAtom(d, atoms[0], False);
    e.xclient.data.l[2] = count > 1 ? (long)XInternAtom(d, atoms[1], False) : 0;
    e.xclient.data.l[3] = 2;
    XSendEvent(d, DefaultRootWindow(d), False, SubstructureRedirectMask | SubstructureNotifyMask, &e);
    XSync(d, False);
    return 0;
}

int main(int argc, char **argv) {
    Display *d = XOpenDisplay(NULL);
    if (!d) { fprintf(stderr, "x11-desktop: no display\n"); return 1; }
    if (argc == 3 && strcmp(argv[1], "startup-listen") == 0) return startup_listen(d, argv[2]);
    if (argc >= 5 && argc <= 6 && strcmp(argv[1], "state") == 0)
        return state(d, (Window)strtoul(argv[2], NULL, 0), argv[3], argc - 4, argv + 4);
    fprintf(stderr, "usage: x11-desktop startup-listen FILE | state WINDOW add|remove ATOM [ATOM]\n");
    return 2;
}
