// Identifier shims: pass-throughs, see CICU.h.
#include "CICU.h"

const URegion *cicu_uregion_getRegionFromCode(const char *code, UErrorCode *status) {
    return uregion_getRegionFromCode(code, status);
}
const URegion *cicu_uregion_getRegionFromNumericCode(int32_t code, UErrorCode *status) {
    return uregion_getRegionFromNumericCode(code, status);
}
const char *cicu_uregion_getRegionCode(const URegion *region) { return uregion_getRegionCode(region); }
int32_t cicu_uregion_getNumericCode(const URegion *region) { return uregion_getNumericCode(region); }
URegionType cicu_uregion_getType(const URegion *region) { return uregion_getType(region); }
UEnumeration *cicu_uregion_getAvailable(URegionType type, UErrorCode *status) {
    return uregion_getAvailable(type, status);
}
UEnumeration *cicu_uregion_getPreferredValues(const URegion *region, UErrorCode *status) {
    return uregion_getPreferredValues(region, status);
}
const char *cicu_uloc_getISO3Country(const char *localeID) { return uloc_getISO3Country(localeID); }
int32_t cicu_uloc_getDisplayCountry(const char *localeID, const char *displayLocale, UChar *result,
                                    int32_t capacity, UErrorCode *status) {
    return uloc_getDisplayCountry(localeID, displayLocale, result, capacity, status);
}
int32_t cicu_uloc_getDisplayLanguage(const char *localeID, const char *displayLocale, UChar *result,
                                     int32_t capacity, UErrorCode *status) {
    return uloc_getDisplayLanguage(localeID, displayLocale, result, capacity, status);
}
int32_t cicu_uloc_toLanguageTag(const char *localeID, char *tag, int32_t capacity, UBool strict,
                                UErrorCode *status) {
    return uloc_toLanguageTag(localeID, tag, capacity, strict, status);
}
ULocaleDisplayNames *cicu_uldn_open(const char *locale, UDisplayContext length, UDisplayContext dialect,
                                    UErrorCode *status) {
    UDisplayContext contexts[] = {dialect, length, UDISPCTX_CAPITALIZATION_NONE,
                                  UDISPCTX_NO_SUBSTITUTE};
    return uldn_openForContext(locale, contexts, 4, status);
}
void cicu_uldn_close(ULocaleDisplayNames *names) { uldn_close(names); }
int32_t cicu_uldn_regionDisplayName(const ULocaleDisplayNames *names, const char *region,
                                    UChar *result, int32_t capacity, UErrorCode *status) {
    return uldn_regionDisplayName(names, region, result, capacity, status);
}
int32_t cicu_uldn_localeDisplayName(const ULocaleDisplayNames *names, const char *locale,
                                    UChar *result, int32_t capacity, UErrorCode *status) {
    return uldn_localeDisplayName(names, locale, result, capacity, status);
}
UCollator *cicu_ucol_openLoose(const char *locale, UErrorCode *status) {
    UCollator *collator = ucol_open(locale, status);
    if (U_FAILURE(*status)) return NULL;
    ucol_setStrength(collator, UCOL_PRIMARY);
    ucol_setAttribute(collator, UCOL_ALTERNATE_HANDLING, UCOL_SHIFTED, status);
    return collator;
}
void cicu_ucol_close(UCollator *collator) { ucol_close(collator); }
int32_t cicu_ucol_getSortKey(const UCollator *collator, const UChar *text, int32_t length,
                             uint8_t *key, int32_t capacity) {
    return ucol_getSortKey(collator, text, length, key, capacity);
}
int32_t cicu_ucurr_getPluralName(const UChar *currency, const char *locale, const char *pluralCount,
                                 UChar *result, int32_t capacity, UErrorCode *status) {
    UBool isChoiceFormat = 0;
    int32_t length = 0;
    const UChar *name = ucurr_getPluralName(currency, locale, &isChoiceFormat, pluralCount, &length, status);
    if (U_FAILURE(*status) || name == NULL) return 0;
    if (length > capacity) {
        *status = U_BUFFER_OVERFLOW_ERROR;
        return length;
    }
    for (int32_t index = 0; index < length; index++) result[index] = name[index];
    return length;
}
UBool cicu_ucurr_isAvailable(const UChar *currency, UDate from, UDate to, UErrorCode *status) {
    return ucurr_isAvailable(currency, from, to, status);
}
UEnumeration *cicu_ucal_openTimeZoneIDEnumeration(USystemTimeZoneType type, UErrorCode *status) {
    return ucal_openTimeZoneIDEnumeration(type, NULL, NULL, status);
}
UEnumeration *cicu_ucurr_getKeywordValuesForLocale(const char *key, const char *locale,
                                                   UBool commonlyUsed, UErrorCode *status) {
    return ucurr_getKeywordValuesForLocale(key, locale, commonlyUsed, status);
}
void cicu_ucal_setTimeZone(UCalendar *calendar, const UChar *zoneID, int32_t length, UErrorCode *status) {
    ucal_setTimeZone(calendar, zoneID, length, status);
}
int32_t cicu_udat_formatCalendar(const UDateFormat *format, UCalendar *calendar, UChar *result,
                                 int32_t capacity, UErrorCode *status) {
    return udat_formatCalendar(format, calendar, result, capacity, NULL, status);
}
int32_t cicu_uldn_scriptDisplayName(const ULocaleDisplayNames *names, const char *script,
                                    UChar *result, int32_t capacity, UErrorCode *status) {
    return uldn_scriptDisplayName(names, script, result, capacity, status);
}
int32_t cicu_uldn_variantDisplayName(const ULocaleDisplayNames *names, const char *variant,
                                     UChar *result, int32_t capacity, UErrorCode *status) {
    return uldn_variantDisplayName(names, variant, result, capacity, status);
}
const char *const *cicu_uloc_getISOLanguages(void) { return uloc_getISOLanguages(); }
