#ifndef CICUTEXT_SHIM_H
#define CICUTEXT_SHIM_H
// ICU's line breaking and bidirectional algorithm for the text backend, and a locale's direction.
// As in CICU, Foundation carries its own copy of ICU's headers as a Clang module, so this shim declares only the
// functions the backend calls, with plain C types (opaque handles, int32_t for enums and
// UErrorCode, uint16_t for UChar), and wraps them under names that do not change with ICU's
// versioned entry points (ubrk_open_72...).
#include <stdint.h>
#include <stddef.h>
#include <unicode/uvernum.h>

void *U_ICU_ENTRY_POINT_RENAME(ubrk_open)(int32_t type, const char *locale, const uint16_t *text, int32_t length, int32_t *status);
int32_t U_ICU_ENTRY_POINT_RENAME(ubrk_first)(void *bi);
int32_t U_ICU_ENTRY_POINT_RENAME(ubrk_next)(void *bi);
int32_t U_ICU_ENTRY_POINT_RENAME(ubrk_getRuleStatus)(void *bi);
void U_ICU_ENTRY_POINT_RENAME(ubrk_close)(void *bi);

void *U_ICU_ENTRY_POINT_RENAME(ubidi_open)(void);
void U_ICU_ENTRY_POINT_RENAME(ubidi_setPara)(void *bidi, const uint16_t *text, int32_t length, uint8_t paraLevel,
                                              uint8_t *embeddingLevels, int32_t *status);
const uint8_t *U_ICU_ENTRY_POINT_RENAME(ubidi_getLevels)(void *bidi, int32_t *status);
void U_ICU_ENTRY_POINT_RENAME(ubidi_close)(void *bidi);
void U_ICU_ENTRY_POINT_RENAME(ubidi_getVisualMap)(void *bidi, int32_t *indexMap, int32_t *status);
uint8_t U_ICU_ENTRY_POINT_RENAME(ubidi_getParaLevel)(const void *bidi);
int32_t U_ICU_ENTRY_POINT_RENAME(ubidi_getBaseDirection)(const uint16_t *text, int32_t length);

/// UBRK_LINE: a line-break iterator.
static const int32_t cicu_break_line = 2;
/// UBRK_DONE.
static const int32_t cicu_break_done = -1;
/// UBRK_LINE_HARD: rule statuses from 100 to 199 mark a mandatory break (after a newline).
static const int32_t cicu_break_hard = 100;
/// UBIDI_DEFAULT_LTR: the paragraph takes the direction of its first strong letter, else left to right.
static const uint8_t cicu_bidi_default_ltr = 0xfe;
/// UBIDI_DEFAULT_RTL: the paragraph takes the direction of its first strong letter, else right to left.
static const uint8_t cicu_bidi_default_rtl = 0xff;

static inline void *cicu_line_breaks_open(const uint16_t *text, int32_t length, int32_t *status) {
    return U_ICU_ENTRY_POINT_RENAME(ubrk_open)(cicu_break_line, "", text, length, status);
}
static inline int32_t cicu_breaks_first(void *bi) { return U_ICU_ENTRY_POINT_RENAME(ubrk_first)(bi); }
static inline int32_t cicu_breaks_next(void *bi) { return U_ICU_ENTRY_POINT_RENAME(ubrk_next)(bi); }
static inline int32_t cicu_breaks_rule_status(void *bi) { return U_ICU_ENTRY_POINT_RENAME(ubrk_getRuleStatus)(bi); }
static inline void cicu_breaks_close(void *bi) { U_ICU_ENTRY_POINT_RENAME(ubrk_close)(bi); }

static inline void *cicu_bidi_open(void) { return U_ICU_ENTRY_POINT_RENAME(ubidi_open)(); }
static inline void cicu_bidi_set_paragraph(void *bidi, const uint16_t *text, int32_t length, uint8_t level, int32_t *status) {
    U_ICU_ENTRY_POINT_RENAME(ubidi_setPara)(bidi, text, length, level, NULL, status);
}
static inline const uint8_t *cicu_bidi_levels(void *bidi, int32_t *status) { return U_ICU_ENTRY_POINT_RENAME(ubidi_getLevels)(bidi, status); }
/// For each visual position (left to right), the logical index of the unit drawn there.
static inline void cicu_bidi_visual_map(void *bidi, int32_t *map, int32_t *status) { U_ICU_ENTRY_POINT_RENAME(ubidi_getVisualMap)(bidi, map, status); }
static inline uint8_t cicu_bidi_paragraph_level(void *bidi) { return U_ICU_ENTRY_POINT_RENAME(ubidi_getParaLevel)(bidi); }
/// The direction of the text's first strong letter: 0 left to right, 1 right to left, 3 none (UBiDiDirection).
static inline int32_t cicu_bidi_base_direction(const uint16_t *text, int32_t length) { return U_ICU_ENTRY_POINT_RENAME(ubidi_getBaseDirection)(text, length); }
static inline void cicu_bidi_close(void *bidi) { U_ICU_ENTRY_POINT_RENAME(ubidi_close)(bidi); }

int8_t U_ICU_ENTRY_POINT_RENAME(uloc_isRightToLeft)(const char *locale);
/// True when the locale's script (given, or CLDR's likely one for its language) is written right to left.
static inline int cicu_locale_is_right_to_left(const char *locale) { return U_ICU_ENTRY_POINT_RENAME(uloc_isRightToLeft)(locale) != 0; }
#endif
