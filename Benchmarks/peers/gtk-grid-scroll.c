/* The GTK4 peer of the grid-scrolling comparison (see Benchmarks/README.md): a GtkGridView of
 * 1,000,000 labels, each 140x90, in a 1280x800 window, scrolled 40 points a frame from a tick
 * callback. Each frame's CPU time (this thread, from one frame's paint to the next: the scroll,
 * layout, widget recycling, snapshot and rendering) is recorded; after the warm-up frames, FRAMES
 * frames are measured and their median, 99th percentile and maximum printed in milliseconds.
 *
 * Build: cc -O2 -o gtk-grid-scroll gtk-grid-scroll.c $(pkg-config --cflags --libs gtk4)
 * Run:   GSK_RENDERER=cairo ./gtk-grid-scroll [FRAMES]     (under Xvfb or any X display)
 *        GSK_RENDERER=cairo ./gtk-grid-scroll --still      (shows the grid and waits: start-up and
 *            memory, Benchmarks/memory-startup.sh; its items are made when the view asks for them)
 */
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ITEMS 1000000
#define WARMUP 30

static int frames_wanted = 600;
static int still;
static double *frame_ms;
static int frames_seen;
static double last_cpu = -1;
static GtkAdjustment *vadjustment;

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

/* Called after each frame is painted: the CPU time since the previous paint is one frame. */
static void after_paint(GdkFrameClock *clock, gpointer app) {
    (void)clock;
    double now = thread_cpu_ms();
    if (last_cpu >= 0) {
        int index = frames_seen - WARMUP;
        if (index >= 0 && index < frames_wanted) frame_ms[index] = now - last_cpu;
        frames_seen++;
    }
    last_cpu = now;
    if (frames_seen >= WARMUP + frames_wanted) {
        qsort(frame_ms, frames_wanted, sizeof(double), compare);
        printf("{\"peer\": \"GtkGridView, %d labels 140x90, 40 points a frame\", \"frames\": %d, "
               "\"frame_ms_p50\": %.3f, \"frame_ms_p99\": %.3f, \"frame_ms_max\": %.3f, \"offset\": %.0f}\n",
               ITEMS, frames_wanted, percentile(frame_ms, frames_wanted, 50), percentile(frame_ms, frames_wanted, 99),
               frame_ms[frames_wanted - 1], gtk_adjustment_get_value(vadjustment));
        fflush(stdout);
        g_application_quit(G_APPLICATION(app));
    }
}

/* Each frame scrolls 40 points further. */
static gboolean tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    (void)widget; (void)clock; (void)data;
    gtk_adjustment_set_value(vadjustment, gtk_adjustment_get_value(vadjustment) + 40);
    return G_SOURCE_CONTINUE;
}

/* For --still: the numbers 0 to ITEMS - 1 as a list model that makes each item when asked, as
 * our grid does; filling a GtkStringList with a million strings first takes seconds. */
#define NUMBER_LIST_TYPE (number_list_get_type())
G_DECLARE_FINAL_TYPE(NumberList, number_list, NUMBER, LIST, GObject)
struct _NumberList { GObject parent; };
static GType number_list_item_type(GListModel *m) { (void)m; return GTK_TYPE_STRING_OBJECT; }
static guint number_list_n_items(GListModel *m) { (void)m; return ITEMS; }
static gpointer number_list_item(GListModel *m, guint i) {
    (void)m;
    if (i >= ITEMS) return NULL;
    char buf[16];
    snprintf(buf, sizeof buf, "%u", i);
    return gtk_string_object_new(buf);
}
static void number_list_model_init(GListModelInterface *iface) {
    iface->get_item_type = number_list_item_type;
    iface->get_n_items = number_list_n_items;
    iface->get_item = number_list_item;
}
G_DEFINE_TYPE_WITH_CODE(NumberList, number_list, G_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, number_list_model_init))
static void number_list_class_init(NumberListClass *c) { (void)c; }
static void number_list_init(NumberList *l) { (void)l; }

static void setup(GtkSignalListItemFactory *f, GtkListItem *item, gpointer data) {
    (void)f; (void)data;
    GtkWidget *label = gtk_label_new("");
    gtk_widget_set_size_request(label, 140, 90);
    gtk_list_item_set_child(item, label);
}

static void bind(GtkSignalListItemFactory *f, GtkListItem *item, gpointer data) {
    (void)f; (void)data;
    GtkStringObject *s = gtk_list_item_get_item(item);
    gtk_label_set_text(GTK_LABEL(gtk_list_item_get_child(item)), gtk_string_object_get_string(s));
}

static void activate(GtkApplication *app, gpointer data) {
    (void)data;
    GListModel *strings;
    if (still) {
        strings = G_LIST_MODEL(g_object_new(NUMBER_LIST_TYPE, NULL));
    } else {
        GtkStringList *list = gtk_string_list_new(NULL);
        char buf[16];
        for (int i = 0; i < ITEMS; i++) {
            snprintf(buf, sizeof buf, "%d", i);
            gtk_string_list_append(list, buf);
        }
        strings = G_LIST_MODEL(list);
    }
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind), NULL);
    GtkWidget *grid = gtk_grid_view_new(GTK_SELECTION_MODEL(gtk_no_selection_new(strings)), factory);
    gtk_grid_view_set_max_columns(GTK_GRID_VIEW(grid), 100);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), grid);
    vadjustment = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scrolled));

    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "GtkGridView scroll peer");
    gtk_window_set_default_size(GTK_WINDOW(window), 1280, 800);
    gtk_window_set_child(GTK_WINDOW(window), scrolled);
    gtk_window_present(GTK_WINDOW(window));
    if (still) return;
    gtk_widget_add_tick_callback(window, tick, NULL, NULL);
    GdkFrameClock *clock = gtk_widget_get_frame_clock(window);
    g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), app);
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--still") == 0) still = 1;
    else if (argc > 1) frames_wanted = atoi(argv[1]);
    if (frames_wanted < 10) frames_wanted = 10;
    frame_ms = calloc(frames_wanted, sizeof(double));
    GtkApplication *app = gtk_application_new("org.example.GtkGridScrollPeer", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), 1, argv);
    g_object_unref(app);
    return status;
}
