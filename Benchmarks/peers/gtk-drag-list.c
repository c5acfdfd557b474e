/* The GTK4 peer of the like-for-like drag (Benchmarks/gestures.sh): one list of cards, one card
 * dragged along it. A 400x800 window with a GtkListView of 12 cards, 360x56, 8 apart, from
 * (20, 20): all fit, nothing scrolls. Each row has a GtkDragSource (the drag icon is the row
 * itself, as a GtkWidgetPaintable) and the list a GtkDropTarget whose motion moves the dragged
 * card to the row under the pointer in the GListStore, so the other cards make way as it passes,
 * the way a GTK4 program reorders a list in place; the drop keeps it there.
 *
 * Build: cc -O2 -o gtk-drag-list gtk-drag-list.c $(pkg-config --cflags --libs gtk4)
 * Run:   GSK_RENDERER=cairo ./gtk-drag-list      (under Xvfb or any X display)
 */
#include <gtk/gtk.h>

#define CARDS 12
#define ROW 64   /* 56 and the 8 between */
static GListStore *store;
static GtkStringObject *dragged;

static void setup(GtkSignalListItemFactory *f, GtkListItem *item, gpointer data);

static GdkContentProvider *prepare(GtkDragSource *source, double x, double y, GtkListItem *item) {
    (void)x; (void)y;
    dragged = gtk_list_item_get_item(item);
    GtkWidget *row = gtk_list_item_get_child(item);
    GdkPaintable *icon = gtk_widget_paintable_new(row);
    gtk_drag_source_set_icon(source, icon, (int)x, (int)y);
    g_object_unref(icon);
    return gdk_content_provider_new_typed(G_TYPE_STRING, gtk_string_object_get_string(dragged));
}

static void drag_end(GtkDragSource *source, GdkDrag *drag, gboolean del, gpointer data) {
    (void)source; (void)drag; (void)del; (void)data;
    dragged = NULL;
}

static GdkDragAction motion(GtkDropTarget *t, double x, double y, gpointer data) {
    (void)t; (void)x; (void)data;
    if (!dragged) return GDK_ACTION_MOVE;
    guint n = g_list_model_get_n_items(G_LIST_MODEL(store)), from = 0;
    if (!g_list_store_find(store, dragged, &from)) return GDK_ACTION_MOVE;
    int to = (int)((y - 20 + 4) / ROW);
    if (to < 0) to = 0;
    if (to >= (int)n) to = n - 1;
    if ((guint)to != from) {
        g_object_ref(dragged);
        g_list_store_remove(store, from);
        g_list_store_insert(store, to, dragged);
        g_object_unref(dragged);
    }
    return GDK_ACTION_MOVE;
}

static gboolean drop(GtkDropTarget *t, const GValue *v, double x, double y, gpointer data) {
    (void)t; (void)v; (void)x; (void)y; (void)data;
    return TRUE;
}

static void setup(GtkSignalListItemFactory *f, GtkListItem *item, gpointer data) {
    (void)f; (void)data;
    GtkWidget *label = gtk_label_new("");
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_widget_add_css_class(label, "card");
    gtk_widget_set_size_request(label, 360, 56);
    gtk_widget_set_halign(label, GTK_ALIGN_START);
    gtk_list_item_set_child(item, label);
    GtkDragSource *source = gtk_drag_source_new();
    gtk_drag_source_set_actions(source, GDK_ACTION_MOVE);
    g_signal_connect(source, "prepare", G_CALLBACK(prepare), item);
    g_signal_connect(source, "drag-end", G_CALLBACK(drag_end), NULL);
    gtk_widget_add_controller(label, GTK_EVENT_CONTROLLER(source));
}

static void bind(GtkSignalListItemFactory *f, GtkListItem *item, gpointer data) {
    (void)f; (void)data;
    GtkStringObject *s = gtk_list_item_get_item(item);
    gtk_label_set_text(GTK_LABEL(gtk_list_item_get_child(item)), gtk_string_object_get_string(s));
}

static void activate(GtkApplication *app, gpointer data) {
    (void)data;
    GtkCssProvider *css = gtk_css_provider_new();
    gtk_css_provider_load_from_data(css,
        "window, listview { background: #1e2128; } listview { padding: 16px 20px; }"
        "listview > row { padding: 4px 0; background: none; }"
        ".card { background: #2e3440; color: white; border-radius: 8px; padding-left: 16px; font-size: 15px; }", -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(css),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    store = g_list_store_new(GTK_TYPE_STRING_OBJECT);
    for (int i = 0; i < CARDS; i++) {
        char name[32];
        snprintf(name, sizeof name, "Card %d", i + 1);
        GtkStringObject *s = gtk_string_object_new(name);
        g_list_store_append(store, s);
        g_object_unref(s);
    }
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind), NULL);
    GtkWidget *list = gtk_list_view_new(GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(store))), factory);
    GtkDropTarget *target = gtk_drop_target_new(G_TYPE_STRING, GDK_ACTION_MOVE);
    g_signal_connect(target, "motion", G_CALLBACK(motion), NULL);
    g_signal_connect(target, "drop", G_CALLBACK(drop), NULL);
    gtk_widget_add_controller(list, GTK_EVENT_CONTROLLER(target));
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "GTK4 drag list peer");
    gtk_window_set_default_size(GTK_WINDOW(window), 400, 800);
    gtk_window_set_child(GTK_WINDOW(window), list);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    GtkApplication *app = gtk_application_new(NULL, G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), argc, argv);
    g_object_unref(app);
    return status;
}
