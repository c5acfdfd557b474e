/* The GTK4 peer of the photo benchmark (Benchmarks/photos.sh): a GtkGridView of GtkPicture over
 * the same folder of 4000x3000 JPEGs, 1280x800, scrolled at SPEED points a second for SECONDS
 * from a tick callback. Each cell loads its picture as a GTK program should: asynchronously
 * (gdk_pixbuf_new_from_stream_at_scale_async, on GLib's worker threads; gdk-pixbuf's JPEG loader
 * reduces while decoding too), cancelled when the cell is unbound. GtkPicture and gdk-pixbuf have
 * no disk thumbnail cache (GNOME's thumbnail factory is a separate library), so there is one pass.
 *
 * Prints the main thread's CPU time per frame (from one paint to the next: scrolling, recycling,
 * binding, textures made from arrived pictures, rendering), the share of visible cells without
 * their picture, how long pictures waited from bind to arrival, resident memory while scrolling
 * and after, and the time to the first frame with every visible picture.
 *
 * Build: cc -O2 -o gtk-photo-grid gtk-photo-grid.c $(pkg-config --cflags --libs gtk4) -lm
 * Run:   GSK_RENDERER=cairo ./gtk-photo-grid DIR COUNT SECONDS SPEED   (under Xvfb or any X display)
 */
#include <gtk/gtk.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *dir;
static int count = 10000;
static double seconds = 15, speed = 2400;
static GtkAdjustment *vadjustment;
static GtkWidget *scrolled;
static gint64 start_us, scroll_start_us = -1;
static double last_cpu = -1, first_full_ms = -1;
static GArray *frame_ms, *waits_ms;
static long shown_cells, placeholder_cells;
static double peak_rss;
static GPtrArray *bound;

/* One load under way: its own references to the cancellable (which the list item holds too, so
 * unbinding can cancel it) and to the picture widget. */
typedef struct { GCancellable *cancel; gint64 bound_us; GtkWidget *picture; } Cell;

static double thread_cpu_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static double rss_mb(void) {
    long pages = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f) { if (fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0; fclose(f); }
    return resident * (double)sysconf(_SC_PAGESIZE) / 1048576.0;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double percentile(GArray *a, double p) {
    if (a->len == 0) return NAN;
    qsort(a->data, a->len, sizeof(double), compare);
    int rank = (int)((a->len - 1) * p + 0.5);
    return g_array_index(a, double, rank);
}

static void arrived(GObject *source, GAsyncResult *result, gpointer data) {
    (void)source;
    Cell *cell = data;
    GError *error = NULL;
    GdkPixbuf *pixbuf = gdk_pixbuf_new_from_stream_finish(result, &error);
    if (pixbuf && !g_cancellable_is_cancelled(cell->cancel)) {
        GdkTexture *texture = gdk_texture_new_for_pixbuf(pixbuf);
        gtk_picture_set_paintable(GTK_PICTURE(cell->picture), GDK_PAINTABLE(texture));
        g_object_unref(texture);
        double wait = (g_get_monotonic_time() - cell->bound_us) / 1000.0;
        g_array_append_val(waits_ms, wait);
    }
    if (pixbuf) g_object_unref(pixbuf);
    if (error) g_error_free(error);
    g_object_unref(cell->cancel);
    g_object_unref(cell->picture);
    g_free(cell);
}

static void setup(GtkSignalListItemFactory *f, GtkListItem *item, gpointer data) {
    (void)f; (void)data;
    GtkWidget *picture = gtk_picture_new();
    gtk_picture_set_content_fit(GTK_PICTURE(picture), GTK_CONTENT_FIT_COVER);
    gtk_widget_set_size_request(picture, 150, 150);
    gtk_list_item_set_child(item, picture);
}

static void bind(GtkSignalListItemFactory *f, GtkListItem *item, gpointer data) {
    (void)f; (void)data;
    const char *path = gtk_string_object_get_string(gtk_list_item_get_item(item));
    Cell *cell = g_new0(Cell, 1);
    cell->cancel = g_cancellable_new();
    cell->bound_us = g_get_monotonic_time();
    cell->picture = g_object_ref(gtk_list_item_get_child(item));
    g_ptr_array_add(bound, item);
    GFile *file = g_file_new_for_path(path);
    GFileInputStream *stream = g_file_read(file, NULL, NULL);
    g_object_unref(file);
    if (!stream) { g_object_unref(cell->cancel); g_object_unref(cell->picture); g_free(cell); return; }
    /* The cell is freed by `arrived`, cancelled or not; the item keeps the cancellable. */
    g_object_set_data_full(G_OBJECT(item), "cancel", g_object_ref(cell->cancel), g_object_unref);
    gdk_pixbuf_new_from_stream_at_scale_async(G_INPUT_STREAM(stream), 150, 150, TRUE, cell->cancel, arrived, cell);
    g_object_unref(stream);
}

static void unbind(GtkSignalListItemFactory *f, GtkListItem *item, gpointer data) {
    (void)f; (void)data;
    GCancellable *cancel = g_object_get_data(G_OBJECT(item), "cancel");
    g_ptr_array_remove_fast(bound, item);
    if (cancel) {
        g_cancellable_cancel(cancel);
        g_object_set_data(G_OBJECT(item), "cancel", NULL);
    }
    gtk_picture_set_paintable(GTK_PICTURE(gtk_list_item_get_child(item)), NULL);
}

static gboolean tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    (void)widget; (void)data;
    if (scroll_start_us >= 0) {
        double t = (gdk_frame_clock_get_frame_time(clock) - scroll_start_us) / 1e6;
        gtk_adjustment_set_value(vadjustment, speed * t);
    }
    return G_SOURCE_CONTINUE;
}

/* After each paint: one frame's CPU time, and which visible cells have their picture. */
static void after_paint(GdkFrameClock *clock, gpointer app) {
    (void)clock;
    double now = thread_cpu_ms();
    int height = gtk_widget_get_height(scrolled);
    long shown = 0, pending = 0;
    for (guint i = 0; i < bound->len; i++) {
        GtkListItem *item = g_ptr_array_index(bound, i);
        GtkWidget *child = gtk_list_item_get_child(item);
        double x, y;
        if (!gtk_widget_translate_coordinates(child, scrolled, 0, 0, &x, &y)) continue;
        if (y + gtk_widget_get_height(child) <= 0 || y >= height) continue;
        if (gtk_picture_get_paintable(GTK_PICTURE(child))) shown++; else pending++;
    }
    gint64 wall = g_get_monotonic_time();
    if (scroll_start_us < 0) {
        if (shown > 0 && pending == 0) {
            first_full_ms = (wall - start_us) / 1000.0;
            scroll_start_us = wall;
            g_array_set_size(waits_ms, 0);
        } else if (wall - start_us > 20e6) {
            scroll_start_us = wall;
        }
    } else {
        if (last_cpu >= 0) { double ms = now - last_cpu; g_array_append_val(frame_ms, ms); }
        shown_cells += shown;
        placeholder_cells += pending;
        { double r = rss_mb(); if (r > peak_rss) peak_rss = r; }
        if ((wall - scroll_start_us) / 1e6 > seconds) {
            double offset = gtk_adjustment_get_value(vadjustment);
            double during_waits_p50 = percentile(waits_ms, 0.5), during_waits_p95 = percentile(waits_ms, 0.95);
            guint waits = waits_ms->len;
            /* A second at rest, for the memory after. */
            gint64 rest = g_get_monotonic_time();
            while (g_get_monotonic_time() - rest < 1000000) g_main_context_iteration(NULL, FALSE);
            printf("gtk4 GtkGridView of GtkPicture: %u frames, scrolled %.0f pt at %.0f pt/s over 1280x800\n"
                   "  main thread CPU per frame (paint to paint): p50 %.2f ms, p99 %.2f ms\n"
                   "  cells shown without their picture: %.1f%% of %ld cell frames; waits p50 %.2f ms, p95 %.2f ms (%u pictures)\n"
                   "  resident: peak while scrolling %.0f MB, after %.0f MB\n"
                   "  first frame with every visible picture %.2f ms\n",
                   frame_ms->len, offset, speed, percentile(frame_ms, 0.5), percentile(frame_ms, 0.99),
                   100.0 * placeholder_cells / (double)(shown_cells + placeholder_cells > 0 ? shown_cells + placeholder_cells : 1),
                   shown_cells + placeholder_cells, during_waits_p50, during_waits_p95, waits, peak_rss, rss_mb(), first_full_ms);
            fflush(stdout);
            g_application_quit(G_APPLICATION(app));
        }
    }
    last_cpu = now;
}

static void activate(GtkApplication *app, gpointer data) {
    (void)data;
    GtkStringList *list = gtk_string_list_new(NULL);
    char path[4096];
    for (int i = 0; i < count; i++) {
        snprintf(path, sizeof path, "%s/photo-%05d.jpg", dir, i);
        gtk_string_list_append(list, path);
    }
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind), NULL);
    g_signal_connect(factory, "unbind", G_CALLBACK(unbind), NULL);
    GtkWidget *grid = gtk_grid_view_new(GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(list))), factory);
    gtk_grid_view_set_max_columns(GTK_GRID_VIEW(grid), 8);
    gtk_grid_view_set_min_columns(GTK_GRID_VIEW(grid), 8);
    scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), grid);
    vadjustment = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scrolled));
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_default_size(GTK_WINDOW(window), 1280, 800);
    gtk_window_set_child(GTK_WINDOW(window), scrolled);
    gtk_window_present(GTK_WINDOW(window));
    gtk_widget_add_tick_callback(window, tick, NULL, NULL);
    g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(after_paint), app);
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: gtk-photo-grid DIR [COUNT SECONDS SPEED]\n"); return 2; }
    dir = argv[1];
    if (argc > 2) count = atoi(argv[2]);
    if (argc > 3) seconds = atof(argv[3]);
    if (argc > 4) speed = atof(argv[4]);
    frame_ms = g_array_new(FALSE, FALSE, sizeof(double));
    waits_ms = g_array_new(FALSE, FALSE, sizeof(double));
    bound = g_ptr_array_new();
    start_us = g_get_monotonic_time();
    GtkApplication *app = gtk_application_new("org.example.GtkPhotoGridPeer", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), 1, argv);
    g_object_unref(app);
    return status;
}
