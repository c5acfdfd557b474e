// The X server's time of an input event, read from the window-manager message SDL passes on
// before the event itself (SDL_SYSWMEVENT). Kept in a module of its own so that Xlib's
// declarations reach only the one Swift file that needs this.
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <dlfcn.h>
#include <stdlib.h>
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
