#include <SDL2/SDL_ttf.h>
#include <harfbuzz/hb.h>
#include <harfbuzz/hb-ft.h>
#include <stdint.h>

/* HarfBuzz over a FreeType face of its own, set up as SDL_ttf sets up its fonts (the size at
   72 dpi, light hinting, left to right, no script), so that the advances it gives are the ones
   SDL_ttf shapes plain text with. The backend uses it to measure plain text a glyph at a time. */

/* A shaping font for the face in `bytes` at `pixelSize`, or NULL. The bytes must outlive it. */
static inline hb_font_t *ck_shaping_font(const void *bytes, long count, int pixelSize) {
    static FT_Library library = NULL;
    if (library == NULL && FT_Init_FreeType(&library) != 0) { library = NULL; return NULL; }
    FT_Face face;
    if (FT_New_Memory_Face(library, (const FT_Byte *)bytes, count, 0, &face) != 0) return NULL;
    if (FT_Set_Char_Size(face, 0, (FT_F26Dot6)pixelSize * 64, 0, 0) != 0) { FT_Done_Face(face); return NULL; }
    hb_font_t *font = hb_ft_font_create_referenced(face);
    FT_Done_Face(face); /* the HarfBuzz font holds its own reference */
    hb_ft_font_set_load_flags(font, FT_LOAD_DEFAULT | FT_LOAD_TARGET_LIGHT);
    return font;
}

/* The advance (26.6) HarfBuzz gives `first` followed by `second` (0: nothing follows), as SDL_ttf
   shapes plain text; INT32_MIN when the two do not stay two glyphs, each its own nominal one,
   side by side (a ligature, a contextual form, a mark offset): such text must be shaped whole. */
static inline int32_t ck_shaped_advance(hb_font_t *font, uint8_t first, uint8_t second) {
    char text[2] = { (char)first, (char)second };
    unsigned length = second ? 2 : 1;
    hb_buffer_t *buffer = hb_buffer_create();
    hb_buffer_set_direction(buffer, HB_DIRECTION_LTR);
    hb_buffer_set_script(buffer, HB_SCRIPT_UNKNOWN);
    hb_buffer_add_utf8(buffer, text, (int)length, 0, (int)length);
    hb_shape(font, buffer, NULL, 0);
    unsigned count = 0;
    hb_glyph_info_t *info = hb_buffer_get_glyph_infos(buffer, &count);
    hb_glyph_position_t *pos = hb_buffer_get_glyph_positions(buffer, &count);
    int32_t advance = INT32_MIN;
    if (count == length) {
        int plain = 1;
        for (unsigned i = 0; i < count; i++) {
            hb_codepoint_t nominal = 0;
            hb_font_get_nominal_glyph(font, (hb_codepoint_t)(uint8_t)text[i], &nominal);
            if (info[i].codepoint != nominal || pos[i].x_offset != 0 || pos[i].y_offset != 0 || pos[i].y_advance != 0) plain = 0;
        }
        if (plain) advance = pos[0].x_advance;
    }
    hb_buffer_destroy(buffer);
    return advance;
}
