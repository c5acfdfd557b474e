// The X server's time of an input event, read from the window-manager message SDL passes on
// before the event itself (SDL_SYSWMEVENT). Kept in a module of its own so that Xlib's
// declarations reach only the one Swift file that needs this.
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <dlfcn.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

/// The X server time in milliseconds of a key, button or motion event carried by `e`; 0 when `e`
/// is no such message (another type, another windowing system, or SDL built without X11).
static inline unsigned long ck_x11_input_time(const SDL_Event *e) {
#if defined(SDL_VIDEO_DRIVER_X11)
    if (e->type != SDL_SYSWMEVENT || e->syswm.msg == NULL || e->syswm.msg->subsystem != SDL_SYSWM_X11) return 0;
    const XEvent *x = &e->syswm.msg->msg.x11.event;
    switch (x->type) {
    case KeyPress: case KeyRelease: return x->xkey.time;
    case ButtonPress: case ButtonRelease: return x->xbutton.time;
    case MotionNotify: return x->xmotion.time;
    default: return 0;
    }
#else
    (void)e;
    return 0;
#endif
}

/// A copy of the X server's resource database (the root window's RESOURCE_MANAGER property, which
/// desktop settings fill with `Xft.dpi` and the like), read over a short connection of its own to
/// the display in DISPLAY; NULL when there is no X server, no libX11 or no database. The caller
/// frees it. libX11 is opened at run time (SDL opens it the same way), so a program that never
/// runs under X11 never loads it; the library stays loaded, as Xlib expects of its users.
static inline char *ck_x11_resource_database(void) {
    void *lib = dlopen("libX11.so.6", RTLD_LAZY | RTLD_LOCAL);
    if (lib == NULL) return NULL;
    void *(*open_display)(const char *) = (void *(*)(const char *))dlsym(lib, "XOpenDisplay");
    char *(*database)(void *) = (char *(*)(void *))dlsym(lib, "XResourceManagerString");
    int (*close_display)(void *) = (int (*)(void *))dlsym(lib, "XCloseDisplay");
    if (open_display == NULL || database == NULL || close_display == NULL) return NULL;
    void *display = open_display(NULL);
    if (display == NULL) return NULL;
    const char *text = database(display);
    char *copy = text != NULL ? strdup(text) : NULL;
    close_display(display);
    return copy;
}

#if defined(SDL_VIDEO_DRIVER_X11)
#include <X11/Xatom.h>

/// Xlib's functions these helpers call, from the libX11 SDL already loaded (NULL without X11).
typedef struct {
    Atom (*intern_atom)(Display *, const char *, Bool);
    Status (*send_event)(Display *, Window, Bool, long, XEvent *);
    int (*flush)(Display *);
    Window (*root)(Display *);
    int (*change_property)(Display *, Window, Atom, Atom, int, int, const unsigned char *, int);
} ck_x11_calls;

static inline int ck_x11_load(ck_x11_calls *calls) {
    void *lib = dlopen("libX11.so.6", RTLD_LAZY | RTLD_LOCAL);
    if (lib == NULL) return 0;
    calls->intern_atom = (Atom (*)(Display *, const char *, Bool))dlsym(lib, "XInternAtom");
    calls->send_event = (Status (*)(Display *, Window, Bool, long, XEvent *))dlsym(lib, "XSendEvent");
    calls->flush = (int (*)(Display *))dlsym(lib, "XFlush");
    calls->root = (Window (*)(Display *))dlsym(lib, "XDefaultRootWindow");
    calls->change_property = (int (*)(Display *, Window, Atom, Atom, int, int, const unsigned char *, int))dlsym(lib, "XChangeProperty");
    return calls->intern_atom && calls->send_event && calls->flush && calls->root && calls->change_property;
}

static inline int ck_x11_window(SDL_Window *window, Display **display, Window *xwindow) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    *display = info.info.x11.display;
    *xwindow = info.info.x11.window;
    return 1;
}
#endif

/// Asks the window manager to activate `window` (un-minimize, raise, focus) as an application
/// request made at X server time `timestamp` (EWMH `_NET_ACTIVE_WINDOW`, source 1): the time a
/// launcher's startup id carries, so that focus-stealing prevention lets it through. 1 when sent.
static inline int ck_x11_activate(SDL_Window *window, unsigned long timestamp) {
#if defined(SDL_VIDEO_DRIVER_X11)
    ck_x11_calls x;
    Display *display; Window xwindow;
    if (!ck_x11_window(window, &display, &xwindow) || !ck_x11_load(&x)) return 0;
    XEvent e;
    memset(&e, 0, sizeof e);
    e.xclient.type = ClientMessage;
    e.xclient.window = xwindow;
    e.xclient.message_type = x.intern_atom(display, "_NET_ACTIVE_WINDOW", False);
    e.xclient.format = 32;
    e.xclient.data.l[0] = 1;
    e.xclient.data.l[1] = (long)timestamp;
    e.xclient.data.l[2] = 0;
    x.send_event(display, x.root(display), False, SubstructureRedirectMask | SubstructureNotifyMask, &e);
    x.flush(display);
    return 1;
#else
    (void)window; (void)timestamp;
    return 0;
#endif
}

/// Broadcasts a startup-notification message (`remove: ID="..."`) to the root window, as the
/// freedesktop startup-notification spec lays it out: 20 bytes a client message, the first
/// `_NET_STARTUP_INFO_BEGIN`, the rest `_NET_STARTUP_INFO`, with the message's closing NUL.
/// 1 when sent.
static inline int ck_x11_startup_message(SDL_Window *window, const char *message) {
#if defined(SDL_VIDEO_DRIVER_X11)
    ck_x11_calls x;
    Display *display; Window xwindow;
    if (!ck_x11_window(window, &display, &xwindow) || !ck_x11_load(&x)) return 0;
    Atom begin = x.intern_atom(display, "_NET_STARTUP_INFO_BEGIN", False);
    Atom more = x.intern_atom(display, "_NET_STARTUP_INFO", False);
    size_t length = strlen(message) + 1, sent = 0;
    while (sent < length) {
        XEvent e;
        memset(&e, 0, sizeof e);
        e.xclient.type = ClientMessage;
        e.xclient.window = xwindow;
        e.xclient.message_type = sent == 0 ? begin : more;
        e.xclient.format = 8;
        size_t n = length - sent < 20 ? length - sent : 20;
        memcpy(e.xclient.data.b, message + sent, n);
        sent += n;
        x.send_event(display, x.root(display), False, PropertyChangeMask, &e);
    }
    x.flush(display);
    return 1;
#else
    (void)window; (void)message;
    return 0;
#endif
}

/// Sets the window's title as UTF-8 (`_NET_WM_NAME` and `WM_NAME`, both UTF8_STRING). SDL 2.26
/// converts a title to the process's locale first and, for a character the locale lacks (the
/// "—" of "Boards — Collection Demo" under the C locale), sets no `_NET_WM_NAME` at all and a
/// garbled `WM_NAME`. 1 when set.
static inline int ck_x11_set_title(SDL_Window *window, const char *title) {
#if defined(SDL_VIDEO_DRIVER_X11)
    ck_x11_calls x;
    Display *display; Window xwindow;
    if (!ck_x11_window(window, &display, &xwindow) || !ck_x11_load(&x)) return 0;
    Atom utf8 = x.intern_atom(display, "UTF8_STRING", False);
    int length = (int)strlen(title);
    x.change_property(display, xwindow, x.intern_atom(display, "_NET_WM_NAME", False), utf8, 8, PropModeReplace, (const unsigned char *)title, length);
    x.change_property(display, xwindow, XA_WM_NAME, utf8, 8, PropModeReplace, (const unsigned char *)title, length);
    x.flush(display);
    return 1;
#else
    (void)window; (void)title;
    return 0;
#endif
}

#if defined(SDL_VIDEO_DRIVER_X11)
/// The filter `ck_x11_ignore_wakeup_messages` sets: false (drop) for a window-manager message that
/// is SDL's wake-up, whose atom `userdata` carries.
static int SDLCALL ck_skip_wakeup_message(void *userdata, SDL_Event *e) {
    if (e->type != SDL_SYSWMEVENT || e->syswm.msg == NULL || e->syswm.msg->subsystem != SDL_SYSWM_X11) return 1;
    const XEvent *x = &e->syswm.msg->msg.x11.event;
    return !(x->type == ClientMessage && x->xclient.message_type == (Atom)(uintptr_t)userdata);
}
#endif

/// Keeps SDL's own wake-up messages out of the window-manager messages it queues. While SDL's
/// event wait blocks, every event it queues sends the window a `_SDL_WAKEUP` client message; with
/// window-manager messages on (they time input), that message comes back as one, is queued during
/// the next wait and sends another: a loop that waits for input ran its wait up to dozens of times
/// per pointer move on a loaded machine, each a round trip through the X server (SDL 2.26). Dropped by an event filter
/// here, the wake-up still ends SDL's wait. Events queued before the filter is set are kept, in
/// their order (setting a filter empties SDL's queue); pending window-manager messages, which
/// only time input, are dropped. 1 when set (X11), 0 elsewhere.
static inline int ck_x11_ignore_wakeup_messages(SDL_Window *window) {
#if defined(SDL_VIDEO_DRIVER_X11)
    ck_x11_calls x;
    Display *display; Window xwindow;
    if (!ck_x11_window(window, &display, &xwindow) || !ck_x11_load(&x)) return 0;
    Atom atom = x.intern_atom(display, "_SDL_WAKEUP", False);
    if (atom == None) return 0;
    SDL_FlushEvent(SDL_SYSWMEVENT);
    int queued = SDL_PeepEvents(NULL, 0, SDL_PEEKEVENT, SDL_FIRSTEVENT, SDL_LASTEVENT);
    SDL_Event *pending = queued > 0 ? (SDL_Event *)malloc((size_t)queued * sizeof(SDL_Event)) : NULL;
    int count = pending != NULL ? SDL_PeepEvents(pending, queued, SDL_GETEVENT, SDL_FIRSTEVENT, SDL_LASTEVENT) : 0;
    SDL_SetEventFilter(ck_skip_wakeup_message, (void *)(uintptr_t)atom);
    if (count > 0) SDL_PeepEvents(pending, count, SDL_ADDEVENT, 0, 0);
    free(pending);
    return 1;
#else
    (void)window;
    return 0;
#endif
}
