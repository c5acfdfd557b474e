/* A drag source for the window tests: drops text or files on a window through XDND, as a file
 * manager or a text editor does, with the pointer moved to the drop point first (the target reads
 * the position from the pointer).
 *
 *   xdnd-drop WINDOW X Y text STRING       offers text/plain
 *   xdnd-drop WINDOW X Y file PATH...      offers text/uri-list (file:// URIs)
 *   xdnd-drop WINDOW X Y type MIME DATA    offers one type of your choosing
 *
 * X and Y are in the window's pixels. Exit status: 0 dropped and finished, 2 the target refused
 * the offer (its XdndStatus did not accept), 1 anything else (no XDND on the window, a timeout).
 * Build: cc -o xdnd-drop xdnd-drop.c $(pkg-config --cflags --libs x11)
 */
#include <X11/Xlib.h>
#include <X11/Xatom.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <time.h>

static Display *dpy;
static Window source, target;
static Atom aAware, aEnter, aPosition, aStatus, aDrop, aFinished, aLeave, aSelection, aCopy, aType;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void send(Atom type, long l1, long l2, long l3, long l4) {
    XEvent e;
    memset(&e, 0, sizeof e);
    e.xclient.type = ClientMessage;
    e.xclient.display = dpy;
    e.xclient.window = target;
    e.xclient.message_type = type;
    e.xclient.format = 32;
    e.xclient.data.l[0] = (long)source;
    e.xclient.data.l[1] = l1;
    e.xclient.data.l[2] = l2;
    e.xclient.data.l[3] = l3;
    e.xclient.data.l[4] = l4;
    XSendEvent(dpy, target, False, NoEventMask, &e);
    XFlush(dpy);
}

/* Serves the selection; returns the client message of `want` when it comes, or 0 on timeout. */
static int wait_for(Atom want, XEvent *out, const char *data, double seconds) {
    double end = now() + seconds;
    while (now() < end) {
        while (XPending(dpy)) {
            XEvent e;
            XNextEvent(dpy, &e);
            if (e.type == SelectionRequest) {
                XSelectionRequestEvent *r = &e.xselectionrequest;
                XEvent reply;
                memset(&reply, 0, sizeof reply);
                reply.xselection.type = SelectionNotify;
                reply.xselection.display = dpy;
                reply.xselection.requestor = r->requestor;
                reply.xselection.selection = r->selection;
                reply.xselection.target = r->target;
                reply.xselection.time = r->time;
                reply.xselection.property = None;
                if (r->target == aType && r->property != None) {
                    XChangeProperty(dpy, r->requestor, r->property, aType, 8, PropModeReplace,
                                    (const unsigned char *)data, (int)strlen(data));
                    reply.xselection.property = r->property;
                }
                XSendEvent(dpy, r->requestor, False, NoEventMask, &reply);
                XFlush(dpy);
            } else if (e.type == ClientMessage && e.xclient.message_type == want) {
                *out = e;
                return 1;
            }
        }
        fd_set fds;
        FD_ZERO(&fds);
        FD_SET(ConnectionNumber(dpy), &fds);
        struct timeval tv = {0, 50000};
        select(ConnectionNumber(dpy) + 1, &fds, NULL, NULL, &tv);
    }
    return 0;
}

/* `path` as a file:// URI, with the bytes a URI may not hold percent-encoded. */
static void append_uri(char *out, size_t size, const char *path) {
    char abs[4096];
    if (path[0] != '/') {
        if (!realpath(path, abs)) snprintf(abs, sizeof abs, "%s", path);
        path = abs;
    }
    strncat(out, "file://", size - strlen(out) - 1);
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        char c[4];
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || strchr("/-_.~", *p))
            snprintf(c, sizeof c, "%c", *p);
        else
            snprintf(c, sizeof c, "%%%02X", *p);
        strncat(out, c, size - strlen(out) - 1);
    }
    strncat(out, "\r\n", size - strlen(out) - 1);
}

int main(int argc, char **argv) {
    if (argc < 6) {
        fprintf(stderr, "usage: xdnd-drop WINDOW X Y text STRING | file PATH... | type MIME DATA\n");
        return 1;
    }
    dpy = XOpenDisplay(NULL);
    if (!dpy) { fprintf(stderr, "xdnd-drop: cannot open the display\n"); return 1; }
    target = (Window)strtoul(argv[1], NULL, 0);
    int x = atoi(argv[2]), y = atoi(argv[3]);
    static char data[65536];
    const char *type = "text/plain";
    if (strcmp(argv[4], "text") == 0) {
        snprintf(data, sizeof data, "%s", argv[5]);
    } else if (strcmp(argv[4], "file") == 0) {
        type = "text/uri-list";
        for (int i = 5; i < argc; i++) append_uri(data, sizeof data, argv[i]);
    } else if (strcmp(argv[4], "type") == 0 && argc >= 7) {
        type = argv[5];
        snprintf(data, sizeof data, "%s", argv[6]);
    } else {
        fprintf(stderr, "xdnd-drop: unknown kind %s\n", argv[4]);
        return 1;
    }
    aAware = XInternAtom(dpy, "XdndAware", False);
    aEnter = XInternAtom(dpy, "XdndEnter", False);
    aPosition = XInternAtom(dpy, "XdndPosition", False);
    aStatus = XInternAtom(dpy, "XdndStatus", False);
    aDrop = XInternAtom(dpy, "XdndDrop", False);
    aFinished = XInternAtom(dpy, "XdndFinished", False);
    aLeave = XInternAtom(dpy, "XdndLeave", False);
    aSelection = XInternAtom(dpy, "XdndSelection", False);
    aCopy = XInternAtom(dpy, "XdndActionCopy", False);
    aType = XInternAtom(dpy, type, False);

    /* The target must say it speaks XDND, and which version. */
    Atom actual; int format; unsigned long count, after; unsigned char *prop = NULL;
    if (XGetWindowProperty(dpy, target, aAware, 0, 1, False, AnyPropertyType, &actual, &format, &count, &after, &prop) != Success
        || count == 0 || !prop) {
        fprintf(stderr, "xdnd-drop: window 0x%lx has no XdndAware property\n", (unsigned long)target);
        return 1;
    }
    long version = *(long *)prop;
    XFree(prop);
    if (version > 5) version = 5;

    Window root = DefaultRootWindow(dpy), child;
    int rx, ry;
    XTranslateCoordinates(dpy, target, root, x, y, &rx, &ry, &child);
    source = XCreateSimpleWindow(dpy, root, 0, 0, 1, 1, 0, 0, 0);
    XSelectInput(dpy, source, PropertyChangeMask);
    XSetSelectionOwner(dpy, aSelection, source, CurrentTime);
    XWarpPointer(dpy, None, root, 0, 0, 0, 0, rx, ry);
    XSync(dpy, False);

    XEvent reply;
    send(aEnter, version << 24, (long)aType, None, None);
    send(aPosition, 0, (rx << 16) | (ry & 0xffff), CurrentTime, (long)aCopy);
    if (!wait_for(aStatus, &reply, data, 10)) { fprintf(stderr, "xdnd-drop: no XdndStatus from the target\n"); return 1; }
    if (!(reply.xclient.data.l[1] & 1)) {
        send(aLeave, 0, 0, 0, 0);
        fprintf(stderr, "xdnd-drop: the target refused %s\n", type);
        return 2;
    }
    send(aDrop, 0, CurrentTime, 0, 0);
    if (!wait_for(aFinished, &reply, data, 10)) { fprintf(stderr, "xdnd-drop: no XdndFinished from the target\n"); return 1; }
    XCloseDisplay(dpy);
    return 0;
}
