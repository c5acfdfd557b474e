/* A minimal GTK4 window for the idle-CPU comparison (Benchmarks/idle-cpu.sh): a 1280x800
 * window with a label, doing nothing. Build: cc -O2 gtk-idle-window.c $(pkg-config --cflags --libs gtk4) */
#include <gtk/gtk.h>

static void activate(GtkApplication *app, gpointer data) {
    (void)data;
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "GTK4 idle peer");
    gtk_window_set_default_size(GTK_WINDOW(window), 1280, 800);
    gtk_window_set_child(GTK_WINDOW(window), gtk_label_new("Idle"));
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    GtkApplication *app = gtk_application_new("org.example.GtkIdlePeer", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), argc, argv);
    g_object_unref(app);
    return status;
}
