// libpng's simplified API (png_image): whole pictures to and from memory, errors as return values.
#include <png.h>

// A PNG decoded with libpng's own limits set: at most `max_w` x `max_h` pixels (png_set_user_limits:
// libpng refuses a larger IHDR before allocating rows), no ancillary chunk over `chunk_max` bytes
// (png_set_chunk_malloc_max), and at most 64 warnings (libpng once looped writing warnings for a
// file cut inside a chunk): anything past them is an error. Returns a malloc'd buffer of BGRA bytes
// (ARGB8888 words on a little-endian machine) the caller frees, with its size in `out_w`, `out_h`;
// NULL when the data is not a whole PNG within the limits.
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const unsigned char *data;
    size_t size, at;
    int warnings;
} ck_png_reader;

static void ck_png_read(png_structp png, png_bytep out, size_t length) {
    ck_png_reader *r = (ck_png_reader *)png_get_io_ptr(png);
    if (length > r->size - r->at) png_error(png, "the file ends inside the picture");
    memcpy(out, r->data + r->at, length);
    r->at += length;
}

static void ck_png_error(png_structp png, png_const_charp message) { (void)message; png_longjmp(png, 1); }

static void ck_png_warning(png_structp png, png_const_charp message) {
    (void)message;
    ck_png_reader *r = (ck_png_reader *)png_get_io_ptr(png);
    if (++r->warnings > 64) png_error(png, "too many warnings");
}

static inline unsigned char *ck_png_decode(const unsigned char *data, size_t size, unsigned int max_w, unsigned int max_h,
                                           size_t chunk_max, int *out_w, int *out_h) {
    ck_png_reader reader = { data, size, 0, 0 };
    unsigned char *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, ck_png_error, ck_png_warning);
    if (!png) return NULL;
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_read_struct(&png, NULL, NULL); return NULL; }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(rows);
        free(pixels);
        return NULL;
    }
    png_set_user_limits(png, max_w, max_h);
    png_set_chunk_malloc_max(png, chunk_max);
    png_set_chunk_cache_max(png, 128);
    png_set_read_fn(png, &reader, ck_png_read);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    int depth = png_get_bit_depth(png, info), color = png_get_color_type(png, info);
    if (depth == 16) png_set_strip_16(png);
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    png_set_bgr(png);
    png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)w * 4) png_error(png, "unexpected row size");
    pixels = malloc((size_t)w * (size_t)h * 4);
    rows = malloc(sizeof(png_bytep) * (size_t)h);
    if (!pixels || !rows) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < h; y++) rows[y] = pixels + (size_t)y * (size_t)w * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    *out_w = (int)w;
    *out_h = (int)h;
    return pixels;
}
