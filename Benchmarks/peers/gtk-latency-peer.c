/* The GTK4 peer of the input-latency probe (Benchmarks/input-latency.sh), 1280x800:
 *   grid  a GtkGridView of 1,000,000 labels, each 140x90, with the keyboard focus: the wheel
 *         scrolls it, Page Down and Page Up move the focus a page and scroll with it;
 *   drag  a 140x90 card in a GtkFixed that a GtkGestureDrag moves with the pointer (the way a
 *         GTK4 program drags an item within its own window).
 *
 * Build: cc -O2 -o gtk-latency-peer gtk-latency-peer.c $(pkg-config --cflags --libs gtk4)
 * Run:   GSK_RENDERER=cairo ./gtk-latency-peer grid|drag     (under Xvfb or any X display)
 */
#include <gtk/gtk.h>
#include <stdio.h>
#include <string.h>

#define ITEMS 1000000
static int drag_mode;
static GtkWidget *fixed, *card;
static double card_x = 200, card_y = 150, start_x, start_y;

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

static void drag_begin(GtkGestureDrag *g, double x, double y, gpointer data) {
    (void)g; (void)x; (void)y; (void)data;
    start_x = card_x; start_y = card_y;
}

static void drag_update(GtkGestureDrag *g, double dx, double dy, gpointer data) {
    (void)g; (void)data;
    card_x = start_x + dx; card_y = start_y + dy;
    gtk_fixed_move(GTK_FIXED(fixed), card, card_x, card_y);
}

static void activate(GtkApplication *app, gpointer data) {
    (void)data;
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "GTK4 input-latency peer");
    gtk_window_set_default_size(GTK_WINDOW(window), 1280, 800);
    if (drag_mode) {
        fixed = gtk_fixed_new();
        card = gtk_frame_new("Card");
        gtk_widget_set_size_request(card, 140, 90);
        gtk_fixed_put(GTK_FIXED(fixed), card, card_x, card_y);
        GtkGesture *drag = gtk_gesture_drag_new();
        g_signal_connect(drag, "drag-begin", G_CALLBACK(drag_begin), NULL);
        g_signal_connect(drag, "drag-update", G_CALLBACK(drag_update), NULL);
        gtk_widget_add_controller(card, GTK_EVENT_CONTROLLER(drag));
        gtk_window_set_child(GTK_WINDOW(window), fixed);
        gtk_window_present(GTK_WINDOW(window));
        return;
    }
    GtkStringList *list = gtk_string_list_new(NULL);
    char buf[16];
    for (int i = 0; i < ITEMS; i++) {
        snprintf(buf, sizeof buf, "%d", i);
        gtk_string_list_append(list, buf);
    }
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind), NULL);
    GtkWidget *grid = gtk_grid_view_new(GTK_SELECTION_MODEL(gtk_single_selection_new(G_LIST_MODEL(list))), factory);
    gtk_grid_view_set_max_columns(GTK_GRID_VIEW(grid), 100);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), grid);
    gtk_window_set_child(GTK_WINDOW(window), scrolled);
    gtk_window_present(GTK_WINDOW(window));
    gtk_widget_grab_focus(grid);
}

int main(int argc, char **argv) {
    drag_mode = argc > 1 && strcmp(argv[1], "drag") == 0;
    GtkApplication *app = gtk_application_new("org.example.GtkLatencyPeer", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), 1, argv);
    g_object_unref(app);
    return status;
}
