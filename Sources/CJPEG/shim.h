// libjpeg-turbo through the libjpeg API: decoding reduced by 1/2, 1/4 or 1/8 while decoding (the
// DCT is scaled, so a 4000x3000 photo for a thumbnail never exists at full size).
//
// libjpeg reports fatal errors through a callback that must not return; the only way out is
// longjmp, which Swift cannot do, so the whole decode lives in this static inline function.
#include <stdio.h>
#include <stdlib.h>
#include <setjmp.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    int warnings;
} ck_jpeg_error;

static void ck_jpeg_error_exit(j_common_ptr info) { longjmp(((ck_jpeg_error *)info->err)->jump, 1); }

// Warnings (level -1) are corrupt data libjpeg would patch over with grey: counted, not printed.
static void ck_jpeg_emit_message(j_common_ptr info, int level) {
    if (level < 0) ((ck_jpeg_error *)info->err)->warnings++;
}

static void ck_jpeg_output_message(j_common_ptr info) { (void)info; }

// Decodes the JPEG in `data` to BGRA bytes (ARGB8888 words on a little-endian machine), reduced by
// the largest of 1/8, 1/4, 1/2 that keeps the result at least `min_w` x `min_h` (ignored when 0).
// Returns a malloc'd buffer the caller frees, with its size in `out_w`, `out_h` and the picture's
// full size in `full_w`, `full_h`; NULL when the data is not a JPEG, is corrupt or is truncated.
static inline unsigned char *ck_jpeg_decode(const unsigned char *data, unsigned long size,
                                            int (*pick_denominator)(int full_w, int full_h, void *context), void *context,
                                            int *out_w, int *out_h, int *full_w, int *full_h) {
    struct jpeg_decompress_struct info;
    ck_jpeg_error error;
    unsigned char *volatile pixels = NULL;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = ck_jpeg_error_exit;
    error.manager.emit_message = ck_jpeg_emit_message;
    error.manager.output_message = ck_jpeg_output_message;
    error.warnings = 0;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&info);
        free(pixels);
        return NULL;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, size);
    jpeg_read_header(&info, TRUE);
    *full_w = (int)info.image_width;
    *full_h = (int)info.image_height;
    info.scale_num = 1;
    info.scale_denom = (unsigned int)pick_denominator(*full_w, *full_h, context);
    info.out_color_space = JCS_EXT_BGRA;
    info.dct_method = JDCT_ISLOW;
    jpeg_start_decompress(&info);
    int w = (int)info.output_width, h = (int)info.output_height;
    pixels = malloc((size_t)w * (size_t)h * 4);
    if (!pixels) { jpeg_destroy_decompress(&info); return NULL; }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + (size_t)info.output_scanline * (size_t)w * 4;
        jpeg_read_scanlines(&info, &row, 1);
        if (error.warnings) break;
    }
    if (!error.warnings) jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    if (error.warnings) { free(pixels); return NULL; }
    *out_w = w;
    *out_h = h;
    return pixels;
}
