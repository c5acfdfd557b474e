/* The fair GTK4 peer of the photo benchmark (Benchmarks/photos.sh): a GtkGridView over the same
 * folder of 4000x3000 JPEGs, 1280x800, 150-point cells, scrolled at SPEED points a second for
 * SECONDS from a tick callback, loading each cell's picture as Nautilus does: in a worker (GTask,
 * GLib's thread pool), the freedesktop thumbnail first ($XDG_CACHE_HOME/thumbnails/large/MD5.png,
 * used when its Thumb::MTime matches the file), else the photo decoded at thumbnail size
 * (gdk_pixbuf_new_from_file_at_scale to 256: gdk-pixbuf's JPEG loader reduces while decoding) and
 * the thumbnail written for next time (PNG with Thumb::URI and Thumb::MTime, as the thumbnail spec
 * and GnomeDesktopThumbnailFactory write it); the cell's 150-pixel texture is made in the worker
 * too. Unbinding a cell cancels its task; a cancelled task that has not started does nothing.
 *
 * Prints the time to the first frame with every visible picture, the main thread's CPU time per
 * frame while scrolling (paint to paint: scrolling, recycling, binding, textures arrived,
 * rendering), the share of visible cells without their picture, the waits from bind to arrival,
 * and resident memory while scrolling and after. Run it twice on one XDG_CACHE_HOME: cold (no
 * thumbnails), then warm (the thumbnails the first run wrote).
 *
 * Build: cc -O2 -o gtk-photo-thumbs gtk-photo-thumbs.c $(pkg-config --cflags --libs gtk4) -lm
 * Run:   GSK_RENDERER=cairo XDG_CACHE_HOME=DIR ./gtk-photo-thumbs DIR COUNT SECONDS SPEED LABEL
 */
#include <gtk/gtk.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char *dir, *label = "cold";
static int count = 10000;
static double seconds = 15, speed = 2400;
static GtkAdjustment *vadjustment;
static GtkWidget *scrolled;
static gint64 start_us, scroll_start_us = -1;
static double last_cpu = -1, first_full_ms = -1;
static GArray *frame_ms, *waits_ms;
static long shown_cells, placeholder_cells, from_disk, decoded;
static double peak_rss;
static GPtrArray *bound;
static char *thumb_dir;

typedef struct { gint64 bound_us; GtkWidget *picture; char *path; gboolean disk; } Cell;

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

static void free_cell(gpointer data) {
    Cell *cell = data;
    g_object_unref(cell->picture);
    g_free(cell->path);
    g_free(cell);
}

/* In the worker: the thumbnail from the cache if it is current, else the photo at 256 and the
 * thumbnail stored; then the cell's 150-pixel texture (cropped to the square by the picture). */
static void load(GTask *task, gpointer source, gpointer data, GCancellable *cancel) {
    (void)source;
    Cell *cell = data;
    if (g_cancellable_is_cancelled(cancel)) { g_task_return_pointer(task, NULL, NULL); return; }
    char *uri = g_filename_to_uri(cell->path, NULL, NULL);
    char *md5 = g_compute_checksum_for_string(G_CHECKSUM_MD5, uri, -1);
    char *thumb = g_strdup_printf("%s/%s.png", thumb_dir, md5);
    struct stat st;
    char mtime[32] = "";
    if (stat(cell->path, &st) == 0) snprintf(mtime, sizeof mtime, "%lld", (long long)st.st_mtime);
    GdkPixbuf *large = gdk_pixbuf_new_from_file(thumb, NULL);
    if (large && g_strcmp0(gdk_pixbuf_get_option(large, "tEXt::Thumb::MTime"), mtime) != 0) { g_object_unref(large); large = NULL; }
    if (large) {
        cell->disk = TRUE;
    } else if (!g_cancellable_is_cancelled(cancel)) {
        large = gdk_pixbuf_new_from_file_at_scale(cell->path, 256, 256, TRUE, NULL);
        if (large) {
            char *tmp = g_strdup_printf("%s.%d.tmp", thumb, (int)getpid());
            if (gdk_pixbuf_save(large, tmp, "png", NULL, "tEXt::Thumb::URI", uri, "tEXt::Thumb::MTime", mtime, NULL)) {
                chmod(tmp, 0600);
                rename(tmp, thumb);
            }
            g_free(tmp);
        }
    }
    g_free(uri); g_free(md5); g_free(thumb);
    GdkTexture *texture = NULL;
    if (large && !g_cancellable_is_cancelled(cancel)) {
        int w = gdk_pixbuf_get_width(large), h = gdk_pixbuf_get_height(large);
        double s = 150.0 / (w < h ? w : h);
        GdkPixbuf *cellsized = gdk_pixbuf_scale_simple(large, (int)ceil(w * s), (int)ceil(h * s), GDK_INTERP_BILINEAR);
        texture = gdk_texture_new_for_pixbuf(cellsized);
        g_object_unref(cellsized);
    }
    if (large) g_object_unref(large);
    g_task_return_pointer(task, texture, texture ? g_object_unref : NULL);
}

static void arrived(GObject *source, GAsyncResult *result, gpointer data) {
    (void)source; (void)data;
    Cell *cell = g_task_get_task_data(G_TASK(result));
    GdkTexture *texture = g_task_propagate_pointer(G_TASK(result), NULL);
    if (texture) {
        if (!g_cancellable_is_cancelled(g_task_get_cancellable(G_TASK(result)))) {
            gtk_picture_set_paintable(GTK_PICTURE(cell->picture), GDK_PAINTABLE(texture));
            double wait = (g_get_monotonic_time() - cell->bound_us) / 1000.0;
            g_array_append_val(waits_ms, wait);
            if (cell->disk) from_disk++; else decoded++;
        }
        g_object_unref(texture);
    }
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
    Cell *cell = g_new0(Cell, 1);
    cell->bound_us = g_get_monotonic_time();
    cell->picture = g_object_ref(gtk_list_item_get_child(item));
    cell->path = g_strdup(gtk_string_object_get_string(gtk_list_item_get_item(item)));
    g_ptr_array_add(bound, item);
    GCancellable *cancel = g_cancellable_new();
    g_object_set_data_full(G_OBJECT(item), "cancel", g_object_ref(cancel), g_object_unref);
    GTask *task = g_task_new(NULL, cancel, arrived, NULL);
    g_task_set_task_data(task, cell, free_cell);
    g_task_run_in_thread(task, load);
    g_object_unref(task);
    g_object_unref(cancel);
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

static void after_paint(GdkFrameClock *clock, gpointer app) {
    (void)clock;
    double now = thread_cpu_ms();
    int height = gtk_widget_get_height(scrolled);
    long shown = 0, pending = 0;
    for (guint i = 0; i < bound->len; i++) {
        GtkListItem *item = g_ptr_array_index(bound, i);
        GtkWidget *child = gtk_list_item_get_child(item);
        graphene_point_t p;
        if (!gtk_widget_compute_point(child, scrolled, &GRAPHENE_POINT_INIT(0, 0), &p)) continue;
        if (p.y + gtk_widget_get_height(child) <= 0 || p.y >= height) continue;
        if (gtk_picture_get_paintable(GTK_PICTURE(child))) shown++; else pending++;
    }
    gint64 wall = g_get_monotonic_time();
    if (scroll_start_us < 0) {
        if (shown > 0 && pending == 0) {
            first_full_ms = (wall - start_us) / 1000.0;
            scroll_start_us = wall;
            g_array_set_size(waits_ms, 0);
        } else if (wall - start_us > 30e6) {
            scroll_start_us = wall;
        }
    } else {
        if (last_cpu >= 0) { double ms = now - last_cpu; g_array_append_val(frame_ms, ms); }
        shown_cells += shown;
        placeholder_cells += pending;
        { double r = rss_mb(); if (r > peak_rss) peak_rss = r; }
        if ((wall - scroll_start_us) / 1e6 > seconds) {
            double offset = gtk_adjustment_get_value(vadjustment);
            double w50 = percentile(waits_ms, 0.5), w95 = percentile(waits_ms, 0.95);
            guint waits = waits_ms->len;
            gint64 rest = g_get_monotonic_time();
            while (g_get_monotonic_time() - rest < 1000000) g_main_context_iteration(NULL, FALSE);
            printf("gtk4 GtkGridView, GTask thumbnails (%s): %u frames, scrolled %.0f pt at %.0f pt/s over 1280x800\n"
                   "  first frame with every visible picture %.0f ms\n"
                   "  main thread CPU per frame (paint to paint): p50 %.2f ms, p99 %.2f ms\n"
                   "  cells shown without their picture: %.1f%% of %ld cell frames; waits p50 %.0f ms, p95 %.0f ms (%u pictures: %ld thumbnails read, %ld decoded)\n"
                   "  resident: peak while scrolling %.0f MB, after %.0f MB\n",
                   label, frame_ms->len, offset, speed, first_full_ms, percentile(frame_ms, 0.5), percentile(frame_ms, 0.99),
                   100.0 * placeholder_cells / (double)(shown_cells + placeholder_cells > 0 ? shown_cells + placeholder_cells : 1),
                   shown_cells + placeholder_cells, w50, w95, waits, from_disk, decoded, peak_rss, rss_mb());
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
    if (argc < 2) { fprintf(stderr, "usage: gtk-photo-thumbs DIR [COUNT SECONDS SPEED LABEL]\n"); return 2; }
    dir = argv[1];
    if (argc > 2) count = atoi(argv[2]);
    if (argc > 3) seconds = atof(argv[3]);
    if (argc > 4) speed = atof(argv[4]);
    if (argc > 5) label = argv[5];
    const char *cache = g_getenv("XDG_CACHE_HOME");
    thumb_dir = cache && cache[0] == '/' ? g_strdup_printf("%s/thumbnails/large", cache)
                                         : g_strdup_printf("%s/.cache/thumbnails/large", g_get_home_dir());
    g_mkdir_with_parents(thumb_dir, 0700);
    frame_ms = g_array_new(FALSE, FALSE, sizeof(double));
    waits_ms = g_array_new(FALSE, FALSE, sizeof(double));
    bound = g_ptr_array_new();
    start_us = g_get_monotonic_time();
    GtkApplication *app = gtk_application_new("org.example.GtkPhotoThumbsPeer", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), 1, argv);
    g_object_unref(app);
    return status;
}
