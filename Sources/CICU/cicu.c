// Pass-throughs to ICU 72. See CICU.h for why they exist.
#define _GNU_SOURCE  // dladdr
#include "CICU.h"

#include <dlfcn.h>

#include <stdlib.h>
#include <string.h>

const char *cicu_errorName(UErrorCode code) { return u_errorName(code); }

static void cicu_versionText(const UVersionInfo info, char *buffer, int32_t capacity) {
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_versionToString(info, text);
    strncpy(buffer, text, (size_t)capacity);
    if (capacity > 0) buffer[capacity - 1] = 0;
}

void cicu_version(char *buffer, int32_t capacity) {
    UVersionInfo info;
    u_getVersion(info);
    cicu_versionText(info, buffer, capacity);
}

void cicu_unicode_version(char *buffer, int32_t capacity) {
    UVersionInfo info;
    u_getUnicodeVersion(info);
    cicu_versionText(info, buffer, capacity);
}

void cicu_cldr_version(char *buffer, int32_t capacity) {
    UVersionInfo info = {0};
    UErrorCode status = U_ZERO_ERROR;
    ulocdata_getCLDRVersion(info, &status);
    cicu_versionText(info, buffer, capacity);
}

int cicu_icu_is_linked_in(void) {
    Dl_info icu, self;
    if (!dladdr((void *)&u_getVersion, &icu) || !dladdr((void *)&cicu_icu_is_linked_in, &self)) return -1;
    return icu.dli_fbase == self.dli_fbase ? 1 : 0;
}

// MARK: Locales

int32_t cicu_uloc_forLanguageTag(const char *tag, char *localeID, int32_t capacity,
                                 int32_t *parsedLength, UErrorCode *status) {
    return uloc_forLanguageTag(tag, localeID, capacity, parsedLength, status);
}
int32_t cicu_uloc_canonicalize(const char *localeID, char *name, int32_t capacity,
                               UErrorCode *status) {
    return uloc_canonicalize(localeID, name, capacity, status);
}
int32_t cicu_uloc_getBaseName(const char *localeID, char *name, int32_t capacity,
                              UErrorCode *status) {
    return uloc_getBaseName(localeID, name, capacity, status);
}
int32_t cicu_uloc_addLikelySubtags(const char *localeID, char *name, int32_t capacity,
                                   UErrorCode *status) {
    return uloc_addLikelySubtags(localeID, name, capacity, status);
}
int32_t cicu_uloc_getLanguage(const char *localeID, char *language, int32_t capacity,
                              UErrorCode *status) {
    return uloc_getLanguage(localeID, language, capacity, status);
}
int32_t cicu_uloc_getScript(const char *localeID, char *script, int32_t capacity,
                            UErrorCode *status) {
    return uloc_getScript(localeID, script, capacity, status);
}
int32_t cicu_uloc_getCountry(const char *localeID, char *country, int32_t capacity,
                             UErrorCode *status) {
    return uloc_getCountry(localeID, country, capacity, status);
}
int32_t cicu_uloc_getKeywordValue(const char *localeID, const char *keyword, char *value,
                                  int32_t capacity, UErrorCode *status) {
    return uloc_getKeywordValue(localeID, keyword, value, capacity, status);
}
int32_t cicu_uloc_getDisplayName(const char *localeID, const char *inLocaleID, UChar *result,
                                 int32_t capacity, UErrorCode *status) {
    return uloc_getDisplayName(localeID, inLocaleID, result, capacity, status);
}
const char *cicu_uloc_toUnicodeLocaleType(const char *keyword, const char *value) {
    return uloc_toUnicodeLocaleType(keyword, value);
}
int32_t cicu_uloc_countAvailable(void) { return uloc_countAvailable(); }
const char *cicu_uloc_getAvailable(int32_t index) { return uloc_getAvailable(index); }

int32_t cicu_validLocale(const char *localeID, char *name, int32_t capacity,
                         UErrorCode *status) {
    UResourceBundle *bundle = ures_open(NULL, localeID, status);
    if (U_FAILURE(*status)) return 0;
    const char *valid = ures_getLocaleByType(bundle, ULOC_VALID_LOCALE, status);
    int32_t length = 0;
    if (U_SUCCESS(*status) && valid != NULL) {
        length = (int32_t)strlen(valid);
        if (length >= capacity) {
            *status = U_BUFFER_OVERFLOW_ERROR;
        } else {
            memcpy(name, valid, (size_t)length + 1);
        }
    }
    ures_close(bundle);
    return length;
}

// MARK: Number formats

UNumberFormat *cicu_unum_open(UNumberFormatStyle style, const UChar *pattern,
                              int32_t patternLength, const char *locale, UErrorCode *status) {
    return unum_open(style, pattern, patternLength, locale, NULL, status);
}
void cicu_unum_close(UNumberFormat *format) { unum_close(format); }
int32_t cicu_unum_getSymbol(const UNumberFormat *format, UNumberFormatSymbol symbol,
                            UChar *buffer, int32_t capacity, UErrorCode *status) {
    return unum_getSymbol(format, symbol, buffer, capacity, status);
}
void cicu_unum_setSymbol(UNumberFormat *format, UNumberFormatSymbol symbol, const UChar *value,
                         int32_t length, UErrorCode *status) {
    unum_setSymbol(format, symbol, value, length, status);
}
int32_t cicu_unum_getAttribute(const UNumberFormat *format, UNumberFormatAttribute attribute) {
    return unum_getAttribute(format, attribute);
}
void cicu_unum_setAttribute(UNumberFormat *format, UNumberFormatAttribute attribute,
                            int32_t value) {
    unum_setAttribute(format, attribute, value);
}
int32_t cicu_unum_getTextAttribute(const UNumberFormat *format, UNumberFormatTextAttribute tag,
                                   UChar *result, int32_t capacity, UErrorCode *status) {
    return unum_getTextAttribute(format, tag, result, capacity, status);
}
void cicu_unum_setTextAttribute(UNumberFormat *format, UNumberFormatTextAttribute tag,
                                const UChar *value, int32_t length, UErrorCode *status) {
    unum_setTextAttribute(format, tag, value, length, status);
}
int32_t cicu_unum_toPattern(const UNumberFormat *format, UBool localized, UChar *result,
                            int32_t capacity, UErrorCode *status) {
    return unum_toPattern(format, localized, result, capacity, status);
}
int32_t cicu_unum_parseDecimal(const UNumberFormat *format, const UChar *text, int32_t length,
                               int32_t *parsePosition, char *out, int32_t capacity,
                               UErrorCode *status) {
    return unum_parseDecimal(format, text, length, parsePosition, out, capacity, status);
}
int32_t cicu_unum_formatDecimal(const UNumberFormat *format, const char *number, int32_t length,
                                UChar *result, int32_t capacity, UErrorCode *status) {
    return unum_formatDecimal(format, number, length, result, capacity, NULL, status);
}
int32_t cicu_ucurr_forLocale(const char *locale, UChar *buffer, int32_t capacity,
                             UErrorCode *status) {
    return ucurr_forLocale(locale, buffer, capacity, status);
}
int32_t cicu_ucurr_getName(const UChar *currency, const char *locale, UCurrNameStyle style,
                           UChar *result, int32_t capacity, UErrorCode *status) {
    UBool isChoiceFormat = 0;
    int32_t length = 0;
    const UChar *name =
        ucurr_getName(currency, locale, style, &isChoiceFormat, &length, status);
    if (U_FAILURE(*status) || name == NULL) return 0;
    if (length > capacity) {
        *status = U_BUFFER_OVERFLOW_ERROR;
        return length;
    }
    memcpy(result, name, sizeof(UChar) * (size_t)length);
    return length;
}
int32_t cicu_ucurr_getDefaultFractionDigits(const UChar *currency, UErrorCode *status) {
    return ucurr_getDefaultFractionDigits(currency, status);
}
UEnumeration *cicu_ucurr_openISOCurrencies(uint32_t currencyType, UErrorCode *status) {
    return ucurr_openISOCurrencies(currencyType, status);
}

int32_t cicu_numberingSystemName(const char *locale, char *name, int32_t capacity,
                                 UErrorCode *status) {
    UNumberingSystem *system = unumsys_open(locale, status);
    if (U_FAILURE(*status)) return 0;
    const char *systemName = unumsys_getName(system);
    int32_t length = (int32_t)strlen(systemName);
    if (length >= capacity) {
        *status = U_BUFFER_OVERFLOW_ERROR;
    } else {
        memcpy(name, systemName, (size_t)length + 1);
    }
    unumsys_close(system);
    return length;
}

UNumberingSystem *cicu_unumsys_open(const char *locale, UErrorCode *status) {
    return unumsys_open(locale, status);
}
UNumberingSystem *cicu_unumsys_openByName(const char *name, UErrorCode *status) {
    return unumsys_openByName(name, status);
}
void cicu_unumsys_close(UNumberingSystem *system) { unumsys_close(system); }
UBool cicu_unumsys_isAlgorithmic(const UNumberingSystem *system) {
    return unumsys_isAlgorithmic(system);
}
int32_t cicu_unumsys_getRadix(const UNumberingSystem *system) { return unumsys_getRadix(system); }
const char *cicu_unumsys_getName(const UNumberingSystem *system) { return unumsys_getName(system); }
UEnumeration *cicu_unumsys_openAvailableNames(UErrorCode *status) {
    return unumsys_openAvailableNames(status);
}

// MARK: Enumerations

const char *cicu_uenum_next(UEnumeration *enumeration, int32_t *length, UErrorCode *status) {
    return uenum_next(enumeration, length, status);
}
void cicu_uenum_close(UEnumeration *enumeration) { uenum_close(enumeration); }

// MARK: Dates

UDateFormat *cicu_udat_open(UDateFormatStyle timeStyle, UDateFormatStyle dateStyle,
                            const char *locale, const UChar *tzID, int32_t tzIDLength,
                            const UChar *pattern, int32_t patternLength, UErrorCode *status) {
    return udat_open(timeStyle, dateStyle, locale, tzID, tzIDLength, pattern, patternLength,
                     status);
}
void cicu_udat_close(UDateFormat *format) { udat_close(format); }
int32_t cicu_udat_toPattern(const UDateFormat *format, UBool localized, UChar *result,
                            int32_t capacity, UErrorCode *status) {
    return udat_toPattern(format, localized, result, capacity, status);
}
void cicu_udat_setLenient(UDateFormat *format, UBool lenient) { udat_setLenient(format, lenient); }
int32_t cicu_udat_format(const UDateFormat *format, UDate date, UChar *result, int32_t capacity,
                         UErrorCode *status) {
    return udat_format(format, date, result, capacity, NULL, status);
}
UDate cicu_udat_parse(const UDateFormat *format, const UChar *text, int32_t length,
                      int32_t *parsePosition, UErrorCode *status) {
    return udat_parse(format, text, length, parsePosition, status);
}
void cicu_udat_parseCalendar(const UDateFormat *format, UCalendar *calendar, const UChar *text,
                             int32_t length, int32_t *parsePosition, UErrorCode *status) {
    udat_parseCalendar(format, calendar, text, length, parsePosition, status);
}
const UCalendar *cicu_udat_getCalendar(const UDateFormat *format) {
    return udat_getCalendar(format);
}
void cicu_udat_setCalendar(UDateFormat *format, const UCalendar *calendar) {
    udat_setCalendar(format, calendar);
}
void cicu_udat_set2DigitYearStart(UDateFormat *format, UDate date, UErrorCode *status) {
    udat_set2DigitYearStart(format, date, status);
}
UDate cicu_udat_get2DigitYearStart(const UDateFormat *format, UErrorCode *status) {
    return udat_get2DigitYearStart(format, status);
}
void cicu_udat_setBooleanAttribute(UDateFormat *format, UDateFormatBooleanAttribute attribute,
                                   UBool value, UErrorCode *status) {
    udat_setBooleanAttribute(format, attribute, value, status);
}
int32_t cicu_udat_getSymbols(const UDateFormat *format, UDateFormatSymbolType type,
                             int32_t index, UChar *result, int32_t capacity, UErrorCode *status) {
    return udat_getSymbols(format, type, index, result, capacity, status);
}
int32_t cicu_udat_countSymbols(const UDateFormat *format, UDateFormatSymbolType type) {
    return udat_countSymbols(format, type);
}
UDateTimePatternGenerator *cicu_udatpg_open(const char *locale, UErrorCode *status) {
    return udatpg_open(locale, status);
}
void cicu_udatpg_close(UDateTimePatternGenerator *generator) { udatpg_close(generator); }
int32_t cicu_udatpg_getBestPattern(UDateTimePatternGenerator *generator, const UChar *skeleton,
                                   int32_t length, UChar *pattern, int32_t capacity,
                                   UErrorCode *status) {
    return udatpg_getBestPattern(generator, skeleton, length, pattern, capacity, status);
}
UCalendar *cicu_ucal_open(const UChar *zoneID, int32_t length, const char *locale,
                          UCalendarType type, UErrorCode *status) {
    return ucal_open(zoneID, length, locale, type, status);
}
UCalendar *cicu_ucal_clone(const UCalendar *calendar, UErrorCode *status) {
    return ucal_clone(calendar, status);
}
void cicu_ucal_close(UCalendar *calendar) { ucal_close(calendar); }
void cicu_ucal_clear(UCalendar *calendar) { ucal_clear(calendar); }
int32_t cicu_ucal_get(const UCalendar *calendar, UCalendarDateFields field, UErrorCode *status) {
    return ucal_get(calendar, field, status);
}
void cicu_ucal_set(UCalendar *calendar, UCalendarDateFields field, int32_t value) {
    ucal_set(calendar, field, value);
}
UBool cicu_ucal_isSet(const UCalendar *calendar, UCalendarDateFields field) {
    return ucal_isSet(calendar, field);
}
int32_t cicu_ucal_getLimit(const UCalendar *calendar, UCalendarDateFields field,
                           UCalendarLimitType type, UErrorCode *status) {
    return ucal_getLimit(calendar, field, type, status);
}
UDate cicu_ucal_getMillis(const UCalendar *calendar, UErrorCode *status) {
    return ucal_getMillis(calendar, status);
}
void cicu_ucal_setMillis(UCalendar *calendar, UDate millis, UErrorCode *status) {
    ucal_setMillis(calendar, millis, status);
}
void cicu_ucal_setAttribute(UCalendar *calendar, UCalendarAttribute attribute, int32_t value) {
    ucal_setAttribute(calendar, attribute, value);
}
void cicu_ucal_setGregorianChange(UCalendar *calendar, UDate date, UErrorCode *status) {
    ucal_setGregorianChange(calendar, date, status);
}
const char *cicu_ucal_getType(const UCalendar *calendar, UErrorCode *status) {
    return ucal_getType(calendar, status);
}
UEnumeration *cicu_ucal_getKeywordValuesForLocale(const char *key, const char *locale,
                                                  UBool commonlyUsed, UErrorCode *status) {
    return ucal_getKeywordValuesForLocale(key, locale, commonlyUsed, status);
}
int32_t cicu_ucal_getCanonicalTimeZoneID(const UChar *id, int32_t length, UChar *result,
                                         int32_t capacity, UBool *isSystemID,
                                         UErrorCode *status) {
    return ucal_getCanonicalTimeZoneID(id, length, result, capacity, isSystemID, status);
}

// MARK: Character sets

USet *cicu_uset_openEmpty(void) { return uset_openEmpty(); }
int32_t cicu_uset_applyPattern(USet *set, const UChar *pattern, int32_t length, uint32_t options,
                               UErrorCode *status) {
    return uset_applyPattern(set, pattern, length, options, status);
}
void cicu_uset_close(USet *set) { uset_close(set); }
UBool cicu_uset_contains(const USet *set, UChar32 c) { return uset_contains(set, c); }
void cicu_uset_add(USet *set, UChar32 c) { uset_add(set, c); }
void cicu_uset_addRange(USet *set, UChar32 start, UChar32 end) { uset_addRange(set, start, end); }
void cicu_uset_addAll(USet *set, const USet *additional) { uset_addAll(set, additional); }
void cicu_uset_removeAll(USet *set, const USet *remove) { uset_removeAll(set, remove); }
void cicu_uset_closeOver(USet *set, int32_t attributes) { uset_closeOver(set, attributes); }
void cicu_uset_freeze(USet *set) { uset_freeze(set); }
int32_t cicu_uset_size(const USet *set) { return uset_size(set); }
int32_t cicu_uset_getItemCount(const USet *set) { return uset_getItemCount(set); }
int32_t cicu_uset_getItem(const USet *set, int32_t index, UChar32 *start, UChar32 *end,
                          UChar *str, int32_t capacity, UErrorCode *status) {
    return uset_getItem(set, index, start, end, str, capacity, status);
}
int32_t cicu_uset_toPattern(const USet *set, UChar *result, int32_t capacity,
                            UBool escapeUnprintable, UErrorCode *status) {
    return uset_toPattern(set, result, capacity, escapeUnprintable, status);
}
USet *cicu_exemplarSet(const char *locale, ULocaleDataExemplarSetType type, UErrorCode *status) {
    ULocaleData *data = ulocdata_open(locale, status);
    if (U_FAILURE(*status)) return NULL;
    USet *set = ulocdata_getExemplarSet(data, NULL, 0, type, status);
    ulocdata_close(data);
    return set;
}

// MARK: Regular expressions

URegularExpression *cicu_uregex_open(const UChar *pattern, int32_t length, uint32_t flags,
                                     UParseError *parseError, UErrorCode *status) {
    return uregex_open(pattern, length, flags, parseError, status);
}
void cicu_uregex_close(URegularExpression *regex) { uregex_close(regex); }
void cicu_uregex_setText(URegularExpression *regex, const UChar *text, int32_t length,
                         UErrorCode *status) {
    uregex_setText(regex, text, length, status);
}
UBool cicu_uregex_matches(URegularExpression *regex, int32_t startIndex, UErrorCode *status) {
    return uregex_matches(regex, startIndex, status);
}

UBool cicu_uregex_hitEnd(const URegularExpression *regex, UErrorCode *status) {
    return uregex_hitEnd(regex, status);
}
void cicu_uregex_setTimeLimit(URegularExpression *regex, int32_t limit, UErrorCode *status) {
    uregex_setTimeLimit(regex, limit, status);
}

// MARK: Text segmentation, case, normalization, character properties

UBreakIterator *cicu_ubrk_openCharacter(const char *locale, UErrorCode *status) {
    return ubrk_open(UBRK_CHARACTER, locale, NULL, 0, status);
}
void cicu_ubrk_close(UBreakIterator *iterator) { ubrk_close(iterator); }
void cicu_ubrk_setText(UBreakIterator *iterator, const UChar *text, int32_t length,
                       UErrorCode *status) {
    ubrk_setText(iterator, text, length, status);
}
int32_t cicu_ubrk_first(UBreakIterator *iterator) { return ubrk_first(iterator); }
int32_t cicu_ubrk_next(UBreakIterator *iterator) { return ubrk_next(iterator); }
int32_t cicu_u_strToUpper(UChar *dest, int32_t capacity, const UChar *src, int32_t length,
                          const char *locale, UErrorCode *status) {
    return u_strToUpper(dest, capacity, src, length, locale, status);
}
int32_t cicu_u_strToLower(UChar *dest, int32_t capacity, const UChar *src, int32_t length,
                          const char *locale, UErrorCode *status) {
    return u_strToLower(dest, capacity, src, length, locale, status);
}
int32_t cicu_u_strToTitle(UChar *dest, int32_t capacity, const UChar *src, int32_t length,
                          const char *locale, UErrorCode *status) {
    return u_strToTitle(dest, capacity, src, length, NULL, locale, status);
}
const UNormalizer2 *cicu_unorm2_getNFCInstance(UErrorCode *status) {
    return unorm2_getNFCInstance(status);
}
const UNormalizer2 *cicu_unorm2_getNFKCInstance(UErrorCode *status) {
    return unorm2_getNFKCInstance(status);
}
int32_t cicu_unorm2_normalize(const UNormalizer2 *normalizer, const UChar *src, int32_t length,
                              UChar *dest, int32_t capacity, UErrorCode *status) {
    return unorm2_normalize(normalizer, src, length, dest, capacity, status);
}
UBool cicu_unorm2_isNormalized(const UNormalizer2 *normalizer, const UChar *src, int32_t length,
                               UErrorCode *status) {
    return unorm2_isNormalized(normalizer, src, length, status);
}
UBool cicu_unorm2_hasBoundaryBefore(const UNormalizer2 *normalizer, UChar32 c) {
    return unorm2_hasBoundaryBefore(normalizer, c);
}
int32_t cicu_u_charName(UChar32 c, char *buffer, int32_t capacity, UErrorCode *status) {
    int32_t length = u_charName(c, U_UNICODE_CHAR_NAME, buffer, capacity, status);
    if (U_SUCCESS(*status) && length == 0) {
        length = u_charName(c, U_CHAR_NAME_ALIAS, buffer, capacity, status);
    }
    if (U_SUCCESS(*status) && length == 0) {
        length = u_charName(c, U_EXTENDED_CHAR_NAME, buffer, capacity, status);
    }
    return length;
}
UBool cicu_u_hasBinaryProperty(UChar32 c, UProperty property) {
    return u_hasBinaryProperty(c, property);
}
int8_t cicu_u_charType(UChar32 c) { return u_charType(c); }
UBool cicu_u_isUWhiteSpace(UChar32 c) { return u_isUWhiteSpace(c); }
int32_t cicu_u_charDigitValue(UChar32 c) { return u_charDigitValue(c); }

// MARK: Charsets

void cicu_detectCharset(const char *bytes, int32_t length, char *name, int32_t capacity,
                        int32_t *confidence, UErrorCode *status) {
    *confidence = 0;
    if (capacity > 0) name[0] = 0;
    UCharsetDetector *detector = ucsdet_open(status);
    if (U_FAILURE(*status)) return;
    ucsdet_setText(detector, bytes, length, status);
    const UCharsetMatch *match = U_SUCCESS(*status) ? ucsdet_detect(detector, status) : NULL;
    if (match != NULL && U_SUCCESS(*status)) {
        const char *found = ucsdet_getName(match, status);
        *confidence = ucsdet_getConfidence(match, status);
        if (found != NULL && capacity > 0) {
            strncpy(name, found, (size_t)capacity);
            name[capacity - 1] = 0;
        }
    }
    ucsdet_close(detector);
}

int32_t cicu_ucnv_convert(const char *toName, const char *fromName, char *target, int32_t capacity,
                          const char *source, int32_t length, UErrorCode *status) {
    return ucnv_convert(toName, fromName, target, capacity, source, length, status);
}

struct CICUTranscoder {
    UConverter *from;
    UConverter *to;
    UChar pivot[1024];
    UChar *pivotSource;
    UChar *pivotTarget;
};

CICUTranscoder *cicu_transcoder_open(const char *fromName, UErrorCode *status) {
    UConverter *from = ucnv_open(fromName, status);
    if (U_FAILURE(*status)) return NULL;
    ucnv_setToUCallBack(from, UCNV_TO_U_CALLBACK_STOP, NULL, NULL, NULL, status);
    UConverter *to = ucnv_open("UTF-8", status);
    if (U_FAILURE(*status)) {
        ucnv_close(from);
        return NULL;
    }
    CICUTranscoder *transcoder = (CICUTranscoder *)calloc(1, sizeof(CICUTranscoder));
    if (transcoder == NULL) {
        ucnv_close(from);
        ucnv_close(to);
        *status = U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    transcoder->from = from;
    transcoder->to = to;
    transcoder->pivotSource = transcoder->pivot;
    transcoder->pivotTarget = transcoder->pivot;
    return transcoder;
}

void cicu_transcoder_close(CICUTranscoder *transcoder) {
    if (transcoder == NULL) return;
    ucnv_close(transcoder->from);
    ucnv_close(transcoder->to);
    free(transcoder);
}

int32_t cicu_transcoder_convert(CICUTranscoder *transcoder, const char *input, int32_t length, char *output,
                                int32_t capacity, UBool flush, int32_t *badOffset, int32_t *badLength,
                                UErrorCode *status) {
    const char *source = input;
    char *target = output;
    ucnv_convertEx(transcoder->to, transcoder->from, &target, output + capacity, &source, input + length,
                   transcoder->pivot, &transcoder->pivotSource, &transcoder->pivotTarget,
                   transcoder->pivot + 1024, 0, flush, status);
    if (U_FAILURE(*status)) {
        char invalid[32];
        int8_t count = (int8_t)sizeof(invalid);
        UErrorCode ignored = U_ZERO_ERROR;
        ucnv_getInvalidChars(transcoder->from, invalid, &count, &ignored);
        if (U_FAILURE(ignored)) count = 0;
        /* The bad bytes may have begun in an earlier chunk: the offset is then negative. */
        *badLength = count;
        *badOffset = (int32_t)(source - input) - count;
    }
    return (int32_t)(target - output);
}

int32_t cicu_u_getIntPropertyValue(UChar32 c, UProperty which) { return u_getIntPropertyValue(c, which); }
