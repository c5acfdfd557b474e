#ifndef CICU_SHIM_H
#define CICU_SHIM_H
// Foundation carries its own copy of ICU's headers as a Clang module, and two modules may not both
// define ICU's types (UErrorCode...), so this shim takes from the system's ICU only the version
// macros and declares the functions the adapters need with plain C types. ICU renames its
// entry points with its version (ucal_getTimeZoneIDForWindowsID_72...), hence the macro; the
// inline wrapper gives Swift a name that stays the same across ICU releases.
#include <stdint.h>
#include <stddef.h>
#include <unicode/uvernum.h>

// ICU's entry points, declared with plain C types (UChar is uint16_t, UErrorCode, the enums and
// UBool are int32_t, int32_t and int8_t; the handles are opaque). The enum values the adapters
// pass are ICU's stable C API values (ucal.h, udat.h, udatpg.h), checked by CalendarModel's tests
// against the formatting Foundation's own ICU gives.
#define CICU_NAME(f) U_ICU_ENTRY_POINT_RENAME(f)
int32_t CICU_NAME(ucal_getTimeZoneIDForWindowsID)(const uint16_t *winid, int32_t len, const char *region,
                                                  uint16_t *id, int32_t idCapacity, int32_t *status);
void *CICU_NAME(ucal_open)(const uint16_t *zoneID, int32_t len, const char *locale, int32_t type, int32_t *status);
void CICU_NAME(ucal_close)(void *cal);
void CICU_NAME(ucal_setMillis)(void *cal, double millis, int32_t *status);
int32_t CICU_NAME(ucal_get)(const void *cal, int32_t field, int32_t *status);
int32_t CICU_NAME(ucal_getAttribute)(const void *cal, int32_t attribute);
int32_t CICU_NAME(ucal_getCanonicalTimeZoneID)(const uint16_t *id, int32_t len, uint16_t *result, int32_t capacity,
                                               int8_t *isSystemID, int32_t *status);
void *CICU_NAME(udat_open)(int32_t timeStyle, int32_t dateStyle, const char *locale, const uint16_t *tzID, int32_t tzLength,
                           const uint16_t *pattern, int32_t patternLength, int32_t *status);
void CICU_NAME(udat_close)(void *format);
int32_t CICU_NAME(udat_format)(const void *format, double date, uint16_t *result, int32_t capacity, void *position,
                               int32_t *status);
int32_t CICU_NAME(udat_getSymbols)(const void *format, int32_t type, int32_t index, uint16_t *result, int32_t capacity,
                                   int32_t *status);
void *CICU_NAME(udatpg_open)(const char *locale, int32_t *status);
void CICU_NAME(udatpg_close)(void *generator);
int32_t CICU_NAME(udatpg_getBestPatternWithOptions)(void *generator, const uint16_t *skeleton, int32_t length, int32_t options,
                                                    uint16_t *pattern, int32_t capacity, int32_t *status);
void *CICU_NAME(unumsys_open)(const char *locale, int32_t *status);
void CICU_NAME(unumsys_close)(void *system);
int8_t CICU_NAME(unumsys_isAlgorithmic)(const void *system);
int32_t CICU_NAME(unumsys_getRadix)(const void *system);
int32_t CICU_NAME(unumsys_getDescription)(const void *system, uint16_t *result, int32_t capacity, int32_t *status);
int32_t CICU_NAME(u_strToUpper)(uint16_t *dest, int32_t capacity, const uint16_t *src, int32_t length, const char *locale,
                                int32_t *status);

/// The IANA zone CLDR gives for a Windows zone name (UTF-16), written to `out`; its length, or 0
/// (with `*status` > 0 on error) when the name is not a Windows zone.
static inline int32_t cicu_iana_for_windows_zone(const uint16_t *windowsID, int32_t length, uint16_t *out, int32_t capacity,
                                                 int32_t *status) {
    return CICU_NAME(ucal_getTimeZoneIDForWindowsID)(windowsID, length, NULL, out, capacity, status);
}

// Names that stay the same across ICU releases, for Swift.
static inline void *cicu_ucal_open(const uint16_t *zone, int32_t len, const char *locale, int32_t type, int32_t *status) {
    return CICU_NAME(ucal_open)(zone, len, locale, type, status);
}
static inline void cicu_ucal_close(void *cal) { CICU_NAME(ucal_close)(cal); }
static inline void cicu_ucal_setMillis(void *cal, double millis, int32_t *status) { CICU_NAME(ucal_setMillis)(cal, millis, status); }
static inline int32_t cicu_ucal_get(const void *cal, int32_t field, int32_t *status) { return CICU_NAME(ucal_get)(cal, field, status); }
static inline int32_t cicu_ucal_getAttribute(const void *cal, int32_t attribute) { return CICU_NAME(ucal_getAttribute)(cal, attribute); }
static inline int32_t cicu_ucal_getCanonicalTimeZoneID(const uint16_t *id, int32_t len, uint16_t *out, int32_t capacity,
                                                       int8_t *isSystemID, int32_t *status) {
    return CICU_NAME(ucal_getCanonicalTimeZoneID)(id, len, out, capacity, isSystemID, status);
}
static inline void *cicu_udat_open(const char *locale, const uint16_t *zone, int32_t zoneLength, const uint16_t *pattern,
                                   int32_t patternLength, int32_t *status) {
    // UDAT_PATTERN (-2) for both styles: the pattern given is used as it is.
    return CICU_NAME(udat_open)(-2, -2, locale, zone, zoneLength, pattern, patternLength, status);
}
static inline void *cicu_udat_open_default(const char *locale, int32_t *status) {
    // UDAT_DEFAULT (UDAT_MEDIUM, 2) for the time and the date: a formatter to read symbols from.
    return CICU_NAME(udat_open)(2, 2, locale, NULL, -1, NULL, -1, status);
}
static inline void cicu_udat_close(void *format) { CICU_NAME(udat_close)(format); }
static inline int32_t cicu_udat_format(const void *format, double millis, uint16_t *out, int32_t capacity, int32_t *status) {
    return CICU_NAME(udat_format)(format, millis, out, capacity, NULL, status);
}
static inline int32_t cicu_udat_getSymbols(const void *format, int32_t type, int32_t index, uint16_t *out, int32_t capacity,
                                           int32_t *status) {
    return CICU_NAME(udat_getSymbols)(format, type, index, out, capacity, status);
}
static inline void *cicu_udatpg_open(const char *locale, int32_t *status) { return CICU_NAME(udatpg_open)(locale, status); }
static inline void cicu_udatpg_close(void *generator) { CICU_NAME(udatpg_close)(generator); }
static inline int32_t cicu_udatpg_bestPattern(void *generator, const uint16_t *skeleton, int32_t length, uint16_t *out,
                                              int32_t capacity, int32_t *status) {
    // UDATPG_MATCH_NO_OPTIONS (0), as Foundation's DateFormatter asks: "jmm" gives the locale's
    // own "HH:mm", not an hour of the skeleton's length ("H:mm").
    return CICU_NAME(udatpg_getBestPatternWithOptions)(generator, skeleton, length, 0, out, capacity, status);
}
static inline void *cicu_unumsys_open(const char *locale, int32_t *status) { return CICU_NAME(unumsys_open)(locale, status); }
static inline void cicu_unumsys_close(void *system) { CICU_NAME(unumsys_close)(system); }
static inline int8_t cicu_unumsys_isAlgorithmic(const void *system) { return CICU_NAME(unumsys_isAlgorithmic)(system); }
static inline int32_t cicu_unumsys_getRadix(const void *system) { return CICU_NAME(unumsys_getRadix)(system); }
static inline int32_t cicu_unumsys_getDescription(const void *system, uint16_t *out, int32_t capacity, int32_t *status) {
    return CICU_NAME(unumsys_getDescription)(system, out, capacity, status);
}
static inline int32_t cicu_u_strToUpper(uint16_t *out, int32_t capacity, const uint16_t *src, int32_t length, const char *locale,
                                        int32_t *status) {
    return CICU_NAME(u_strToUpper)(out, capacity, src, length, locale, status);
}
#endif
