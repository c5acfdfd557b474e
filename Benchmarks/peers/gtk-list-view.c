/* A GTK4 list view of 2,000 labelled rows ("Tile 0" ... "Tile 1999") and a button above it, for
 * the screen-reader comparison (Benchmarks/orca-first-word.sh): Orca speaks what GTK's own
 * accessibility exposes (only the realised rows) when the list takes the focus.
 * Build: cc -O2 gtk-list-view.c $(pkg-config --cflags --libs gtk4) */
#include <gtk/gtk.h>

static void setup(GtkSignalListItemFactory *f, GtkListItem *item, gpointer data) {
    (void)f; (void)data;
    gtk_list_item_set_child(item, gtk_label_new(""));
}

static void bind(GtkSignalListItemFactory *f, GtkListItem *item, gpointer data) {
    (void)f; (void)data;
    GtkStringObject *s = gtk_list_item_get_item(item);
    gtk_label_set_text(GTK_LABEL(gtk_list_item_get_child(item)), gtk_string_object_get_string(s));
}

static void activate(GtkApplication *app, gpointer data) {
    (void)data;
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "GTK4 list peer");
    gtk_window_set_default_size(GTK_WINDOW(window), 1280, 800);
    GtkStringList *strings = gtk_string_list_new(NULL);
    for (int i = 0; i < 2000; i++) {
        char name[32];
        g_snprintf(name, sizeof name, "Tile %d", i);
        gtk_string_list_append(strings, name);
    }
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind), NULL);
    GtkWidget *list = gtk_list_view_new(GTK_SELECTION_MODEL(gtk_single_selection_new(G_LIST_MODEL(strings))), factory);
    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), list);
    gtk_widget_set_vexpand(scroller, TRUE);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    /* The key under test: Tab from the button enters the list, as a scene switch does in the demo. */
    gtk_box_append(GTK_BOX(box), gtk_button_new_with_label("Start"));
    gtk_box_append(GTK_BOX(box), scroller);
    gtk_window_set_child(GTK_WINDOW(window), box);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    GtkApplication *app = gtk_application_new("org.example.GtkListPeer", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), argc, argv);
    g_object_unref(app);
    return status;
}
