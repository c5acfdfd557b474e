// The X server's time of an input event, read from the window-manager message SDL passes on
// before the event itself (SDL_SYSWMEVENT). Kept in a module of its own so that Xlib's
// declarations reach only the one Swift file that needs this.
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>

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
