/* The paging peer of Benchmarks/gestures.sh: libadwaita's AdwCarousel, GNOME's paging view, 1280x800,
 * twelve pages, each a card like the demo carousel's (a coloured picture area with its number, a
 * category badge, a title, a subtitle, an author with initials and reading time, an "Open" button),
 * 720x520 and centred. A drag with the mouse flicks (AdwCarousel's own swipe tracking,
 * allow-mouse-drag); Right and Left turn a page with the carousel's animation (scroll_to), as a
 * GNOME app's key handler does.
 *
 * Build: cc -O2 -o adw-carousel adw-carousel.c $(pkg-config --cflags --libs libadwaita-1)
 * Run:   GSK_RENDERER=cairo ./adw-carousel      (under Xvfb or any X display)
 */
#include <adwaita.h>

#define PAGES 12
static AdwCarousel *carousel;
static const char *titles[] = {"The quiet mountain", "Harbour lights", "A year of bread", "Night trains",
                               "Lost orchards", "The glass garden"};
static const char *categories[] = {"Travel", "Food", "Science", "Design", "Nature", "History"};
static const char *authors[] = {"Ada Moreau", "Li Wen", "Sam Okafor", "Noor Haddad", "Jon Berg"};

static GtkWidget *label(const char *text, const char *css) {
    GtkWidget *l = gtk_label_new(text);
    gtk_label_set_xalign(GTK_LABEL(l), 0);
    gtk_label_set_wrap(GTK_LABEL(l), TRUE);
    gtk_widget_add_css_class(l, css);
    return l;
}

static GtkWidget *card(int n) {
    char buf[128];
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 10);
    gtk_widget_add_css_class(box, "card");
    gtk_widget_set_size_request(box, 720, 520);
    gtk_widget_set_halign(box, GTK_ALIGN_CENTER);
    gtk_widget_set_valign(box, GTK_ALIGN_CENTER);
    GtkWidget *hero = gtk_overlay_new();
    snprintf(buf, sizeof buf, "hero%d", n % 6);
    gtk_widget_add_css_class(hero, buf);
    gtk_widget_set_size_request(hero, 720, 260);
    snprintf(buf, sizeof buf, "%d", n + 1);
    GtkWidget *number = gtk_label_new(buf);
    gtk_widget_add_css_class(number, "number");
    gtk_overlay_set_child(GTK_OVERLAY(hero), number);
    GtkWidget *badge = gtk_label_new(categories[(n * 3) % 6]);
    gtk_widget_add_css_class(badge, "badge");
    gtk_widget_set_halign(badge, GTK_ALIGN_START);
    gtk_widget_set_valign(badge, GTK_ALIGN_START);
    gtk_overlay_add_overlay(GTK_OVERLAY(hero), badge);
    gtk_box_append(GTK_BOX(box), hero);
    gtk_box_append(GTK_BOX(box), label(titles[n % 6], "title"));
    snprintf(buf, sizeof buf, "Card %d of %d · a story worth a closer look", n + 1, PAGES);
    gtk_box_append(GTK_BOX(box), label(buf, "subtitle"));
    GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    gtk_widget_add_css_class(row, "footer");
    const char *author = authors[(n * 5) % 5];
    char initials[3] = {author[0], strchr(author, ' ')[1], 0};
    GtkWidget *avatar = gtk_label_new(initials);
    gtk_widget_add_css_class(avatar, "avatar");
    gtk_box_append(GTK_BOX(row), avatar);
    snprintf(buf, sizeof buf, "%s\n%d min read", author, 3 + (n * 7) % 9);
    GtkWidget *who = label(buf, "author");
    gtk_widget_set_hexpand(who, TRUE);
    gtk_box_append(GTK_BOX(row), who);
    GtkWidget *open = gtk_button_new_with_label("Open");
    gtk_widget_add_css_class(open, "pill");
    gtk_widget_add_css_class(open, "suggested-action");
    gtk_widget_set_valign(open, GTK_ALIGN_CENTER);
    gtk_box_append(GTK_BOX(row), open);
    gtk_box_append(GTK_BOX(box), row);
    return box;
}

static gboolean key(GtkEventControllerKey *c, guint keyval, guint code, GdkModifierType mods, gpointer data) {
    (void)c; (void)code; (void)mods; (void)data;
    int at = (int)(adw_carousel_get_position(carousel) + 0.5), n = (int)adw_carousel_get_n_pages(carousel);
    if (keyval == GDK_KEY_Right && at + 1 < n) { adw_carousel_scroll_to(carousel, adw_carousel_get_nth_page(carousel, at + 1), TRUE); return TRUE; }
    if (keyval == GDK_KEY_Left && at > 0) { adw_carousel_scroll_to(carousel, adw_carousel_get_nth_page(carousel, at - 1), TRUE); return TRUE; }
    return FALSE;
}

static void activate(GtkApplication *app, gpointer data) {
    (void)data;
    GtkCssProvider *css = gtk_css_provider_new();
    gtk_css_provider_load_from_data(css,
        ".card { background: #2b2d31; border-radius: 18px; color: white; padding-bottom: 16px; }"
        ".card > label, .footer { margin: 0 24px; }"
        ".hero0 { background: #c8553d; } .hero1 { background: #3d7dc8; } .hero2 { background: #4c9a5b; }"
        ".hero3 { background: #9a4c8f; } .hero4 { background: #c89b3d; } .hero5 { background: #3da3a8; }"
        ".hero0, .hero1, .hero2, .hero3, .hero4, .hero5 { border-radius: 18px 18px 0 0; }"
        ".number { font-size: 96px; font-weight: bold; color: rgba(255,255,255,0.85); }"
        ".badge { margin: 20px; padding: 4px 12px; border-radius: 12px; background: rgba(0,0,0,0.25); font-weight: bold; font-size: 13px; }"
        ".title { font-size: 28px; font-weight: bold; } .subtitle { font-size: 16px; color: #c8ccd4; }"
        ".avatar { min-width: 44px; min-height: 44px; border-radius: 22px; background: #555a66; font-weight: bold; }"
        ".author { font-size: 14px; }", -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(css),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    carousel = ADW_CAROUSEL(adw_carousel_new());
    adw_carousel_set_allow_mouse_drag(carousel, TRUE);
    adw_carousel_set_spacing(carousel, 24);
    for (int i = 0; i < PAGES; i++) adw_carousel_append(carousel, card(i));
    GtkWidget *dots = adw_carousel_indicator_dots_new();
    adw_carousel_indicator_dots_set_carousel(ADW_CAROUSEL_INDICATOR_DOTS(dots), carousel);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_widget_set_vexpand(GTK_WIDGET(carousel), TRUE);
    gtk_box_append(GTK_BOX(box), GTK_WIDGET(carousel));
    gtk_box_append(GTK_BOX(box), dots);
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "AdwCarousel paging peer");
    gtk_window_set_default_size(GTK_WINDOW(window), 1280, 800);
    gtk_window_set_child(GTK_WINDOW(window), box);
    GtkEventController *keys = gtk_event_controller_key_new();
    g_signal_connect(keys, "key-pressed", G_CALLBACK(key), NULL);
    gtk_widget_add_controller(window, keys);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    AdwApplication *app = adw_application_new(NULL, G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), argc, argv);
    g_object_unref(app);
    return status;
}
