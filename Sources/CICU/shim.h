#ifndef CICU_SHIM_H
#define CICU_SHIM_H
// Foundation carries its own copy of ICU's headers as a Clang module, and two modules may not both
// define ICU's types (UErrorCode...), so this shim takes from the system's ICU only the version
// macros and declares the one function the adapter needs with plain C types. ICU renames its
// entry points with its version (ucal_getTimeZoneIDForWindowsID_72...), hence the macro; the
// inline wrapper gives Swift a name that stays the same across ICU releases.
#include <stdint.h>
#include <stddef.h>
#include <unicode/uvernum.h>

int32_t U_ICU_ENTRY_POINT_RENAME(ucal_getTimeZoneIDForWindowsID)(const uint16_t *winid, int32_t len, const char *region,
                                                                 uint16_t *id, int32_t idCapacity, int32_t *status);

/// The IANA zone CLDR gives for a Windows zone name (UTF-16), written to `out`; its length, or 0
/// (with `*status` > 0 on error) when the name is not a Windows zone.
static inline int32_t cicu_iana_for_windows_zone(const uint16_t *windowsID, int32_t length, uint16_t *out, int32_t capacity,
                                                 int32_t *status) {
    return U_ICU_ENTRY_POINT_RENAME(ucal_getTimeZoneIDForWindowsID)(windowsID, length, NULL, out, capacity, status);
}
#endif
