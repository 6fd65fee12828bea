// CICU: the only code in fieldcheck that includes ICU headers.
//
// ICU 72 renames every C entry point with a version suffix through macros (`unum_open` is
// `#define unum_open unum_open_72`). Swift's importer cannot see macros that expand to
// identifiers, so Swift calls these plain `cicu_*` functions instead; each one is a thin
// pass-through to the ICU function of the same name unless its comment says otherwise.
// The types (UChar, UErrorCode, handles, enums) come through unchanged.
#ifndef CICU_H
#define CICU_H

#include <stdint.h>
#include <unicode/ubrk.h>
#include <unicode/ucal.h>
#include <unicode/ucnv.h>
#include <unicode/ucol.h>
#include <unicode/ucsdet.h>
#include <unicode/uchar.h>
#include <unicode/ucurr.h>
#include <unicode/udat.h>
#include <unicode/udatpg.h>
#include <unicode/uenum.h>
#include <unicode/uldnames.h>
#include <unicode/uloc.h>
#include <unicode/ulocdata.h>
#include <unicode/unorm2.h>
#include <unicode/unum.h>
#include <unicode/unumsys.h>
#include <unicode/uregion.h>
#include <unicode/uregex.h>
#include <unicode/ures.h>
#include <unicode/uset.h>
#include <unicode/ustring.h>
#include <unicode/uversion.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: Errors and version

const char *cicu_errorName(UErrorCode code);
/// Writes ICU's version ("72.1") into `buffer`.
void cicu_version(char *buffer, int32_t capacity);
/// The Unicode and CLDR versions of ICU's data ("15.0", "42.0").
void cicu_unicode_version(char *buffer, int32_t capacity);
void cicu_cldr_version(char *buffer, int32_t capacity);
/// 1 when ICU is linked into the program itself (the self-contained build), 0 when it is a
/// shared library loaded beside it, -1 when that cannot be told (dladdr, on a symbol of each).
int cicu_icu_is_linked_in(void);

// MARK: Locales

int32_t cicu_uloc_forLanguageTag(const char *tag, char *localeID, int32_t capacity,
                                 int32_t *parsedLength, UErrorCode *status);
int32_t cicu_uloc_canonicalize(const char *localeID, char *name, int32_t capacity,
                               UErrorCode *status);
int32_t cicu_uloc_getBaseName(const char *localeID, char *name, int32_t capacity,
                              UErrorCode *status);
int32_t cicu_uloc_addLikelySubtags(const char *localeID, char *name, int32_t capacity,
                                   UErrorCode *status);
int32_t cicu_uloc_getLanguage(const char *localeID, char *language, int32_t capacity,
                              UErrorCode *status);
int32_t cicu_uloc_getScript(const char *localeID, char *script, int32_t capacity,
                            UErrorCode *status);
int32_t cicu_uloc_getCountry(const char *localeID, char *country, int32_t capacity,
                             UErrorCode *status);
int32_t cicu_uloc_getKeywordValue(const char *localeID, const char *keyword, char *value,
                                  int32_t capacity, UErrorCode *status);
int32_t cicu_uloc_getDisplayName(const char *localeID, const char *inLocaleID, UChar *result,
                                 int32_t capacity, UErrorCode *status);
/// The BCP 47 form of a keyword value ("gregory" for calendar "gregorian"), or NULL.
const char *cicu_uloc_toUnicodeLocaleType(const char *keyword, const char *value);
int32_t cicu_uloc_countAvailable(void);
const char *cicu_uloc_getAvailable(int32_t index);
/// The locale whose data ICU really loads for `localeID` (ICU's "valid locale"), which is
/// "root" or the process default when ICU has no data for the requested one. ICU reports a
/// fallback warning even for real locales, so the resolved id is the only honest signal.
int32_t cicu_validLocale(const char *localeID, char *name, int32_t capacity,
                         UErrorCode *status);

// MARK: Number formats

UNumberFormat *cicu_unum_open(UNumberFormatStyle style, const UChar *pattern,
                              int32_t patternLength, const char *locale, UErrorCode *status);
void cicu_unum_close(UNumberFormat *format);
int32_t cicu_unum_getSymbol(const UNumberFormat *format, UNumberFormatSymbol symbol,
                            UChar *buffer, int32_t capacity, UErrorCode *status);
/// Replaces one of a format's symbols; NumberFormat writes Latin digits through it where ICU 72
/// breaks the locale's supplementary-plane digits (see NumberFormat.swift).
void cicu_unum_setSymbol(UNumberFormat *format, UNumberFormatSymbol symbol, const UChar *value,
                         int32_t length, UErrorCode *status);
int32_t cicu_unum_getAttribute(const UNumberFormat *format, UNumberFormatAttribute attribute);
void cicu_unum_setAttribute(UNumberFormat *format, UNumberFormatAttribute attribute,
                            int32_t value);
int32_t cicu_unum_getTextAttribute(const UNumberFormat *format, UNumberFormatTextAttribute tag,
                                   UChar *result, int32_t capacity, UErrorCode *status);
void cicu_unum_setTextAttribute(UNumberFormat *format, UNumberFormatTextAttribute tag,
                                const UChar *value, int32_t length, UErrorCode *status);
int32_t cicu_unum_toPattern(const UNumberFormat *format, UBool localized, UChar *result,
                            int32_t capacity, UErrorCode *status);
/// Parses `text` and writes the exact decimal ICU read into `out` ("1234.5", "-0.5", "1E+400").
int32_t cicu_unum_parseDecimal(const UNumberFormat *format, const UChar *text, int32_t length,
                               int32_t *parsePosition, char *out, int32_t capacity,
                               UErrorCode *status);
/// Reads a currency amount as `unum_parseDecimal` reads a number, any currency the locale's
/// data names (symbol, ISO code or long name), and writes the ISO code found into `currency`
/// (4 units, NUL-terminated). In C++ (cicu_currency.cpp): the C API has no exact reading of it.
int32_t cicu_unum_parseCurrencyDecimal(const UNumberFormat *format, const UChar *text,
                                       int32_t length, int32_t *parsePosition, char *out,
                                       int32_t capacity, UChar *currency, UErrorCode *status);
/// Formats the exact decimal string `number` (never through a binary float).
int32_t cicu_unum_formatDecimal(const UNumberFormat *format, const char *number, int32_t length,
                                UChar *result, int32_t capacity, UErrorCode *status);
int32_t cicu_ucurr_forLocale(const char *locale, UChar *buffer, int32_t capacity,
                             UErrorCode *status);
/// The currency's symbol (or name) in `locale`; returns its length, or 0 on failure.
int32_t cicu_ucurr_getName(const UChar *currency, const char *locale, UCurrNameStyle style,
                           UChar *result, int32_t capacity, UErrorCode *status);
int32_t cicu_ucurr_getDefaultFractionDigits(const UChar *currency, UErrorCode *status);
UEnumeration *cicu_ucurr_openISOCurrencies(uint32_t currencyType, UErrorCode *status);

/// The name of the numbering system `locale` uses for numbers ("latn", "arab", "deva").
int32_t cicu_numberingSystemName(const char *locale, char *name, int32_t capacity,
                                 UErrorCode *status);
UNumberingSystem *cicu_unumsys_open(const char *locale, UErrorCode *status);
UNumberingSystem *cicu_unumsys_openByName(const char *name, UErrorCode *status);
void cicu_unumsys_close(UNumberingSystem *system);
UBool cicu_unumsys_isAlgorithmic(const UNumberingSystem *system);
int32_t cicu_unumsys_getRadix(const UNumberingSystem *system);
const char *cicu_unumsys_getName(const UNumberingSystem *system);
UEnumeration *cicu_unumsys_openAvailableNames(UErrorCode *status);

// MARK: Enumerations

const char *cicu_uenum_next(UEnumeration *enumeration, int32_t *length, UErrorCode *status);
void cicu_uenum_close(UEnumeration *enumeration);

// MARK: Dates

UDateFormat *cicu_udat_open(UDateFormatStyle timeStyle, UDateFormatStyle dateStyle,
                            const char *locale, const UChar *tzID, int32_t tzIDLength,
                            const UChar *pattern, int32_t patternLength, UErrorCode *status);
void cicu_udat_close(UDateFormat *format);
int32_t cicu_udat_toPattern(const UDateFormat *format, UBool localized, UChar *result,
                            int32_t capacity, UErrorCode *status);
void cicu_udat_setLenient(UDateFormat *format, UBool lenient);
int32_t cicu_udat_format(const UDateFormat *format, UDate date, UChar *result, int32_t capacity,
                         UErrorCode *status);
UDate cicu_udat_parse(const UDateFormat *format, const UChar *text, int32_t length,
                      int32_t *parsePosition, UErrorCode *status);
void cicu_udat_parseCalendar(const UDateFormat *format, UCalendar *calendar, const UChar *text,
                             int32_t length, int32_t *parsePosition, UErrorCode *status);
const UCalendar *cicu_udat_getCalendar(const UDateFormat *format);
void cicu_udat_setCalendar(UDateFormat *format, const UCalendar *calendar);
void cicu_udat_set2DigitYearStart(UDateFormat *format, UDate date, UErrorCode *status);
UDate cicu_udat_get2DigitYearStart(const UDateFormat *format, UErrorCode *status);
void cicu_udat_setBooleanAttribute(UDateFormat *format, UDateFormatBooleanAttribute attribute,
                                   UBool value, UErrorCode *status);
/// One of a format's date symbols (month, weekday and era names) of a kind and width.
int32_t cicu_udat_getSymbols(const UDateFormat *format, UDateFormatSymbolType type,
                             int32_t index, UChar *result, int32_t capacity, UErrorCode *status);
int32_t cicu_udat_countSymbols(const UDateFormat *format, UDateFormatSymbolType type);
UDateTimePatternGenerator *cicu_udatpg_open(const char *locale, UErrorCode *status);
void cicu_udatpg_close(UDateTimePatternGenerator *generator);
int32_t cicu_udatpg_getBestPattern(UDateTimePatternGenerator *generator, const UChar *skeleton,
                                   int32_t length, UChar *pattern, int32_t capacity,
                                   UErrorCode *status);
UCalendar *cicu_ucal_open(const UChar *zoneID, int32_t length, const char *locale,
                          UCalendarType type, UErrorCode *status);
UCalendar *cicu_ucal_clone(const UCalendar *calendar, UErrorCode *status);
void cicu_ucal_close(UCalendar *calendar);
void cicu_ucal_clear(UCalendar *calendar);
int32_t cicu_ucal_get(const UCalendar *calendar, UCalendarDateFields field, UErrorCode *status);
void cicu_ucal_set(UCalendar *calendar, UCalendarDateFields field, int32_t value);
UBool cicu_ucal_isSet(const UCalendar *calendar, UCalendarDateFields field);
int32_t cicu_ucal_getLimit(const UCalendar *calendar, UCalendarDateFields field,
                           UCalendarLimitType type, UErrorCode *status);
UDate cicu_ucal_getMillis(const UCalendar *calendar, UErrorCode *status);
void cicu_ucal_setMillis(UCalendar *calendar, UDate millis, UErrorCode *status);
void cicu_ucal_setAttribute(UCalendar *calendar, UCalendarAttribute attribute, int32_t value);
/// Moves the Julian-to-Gregorian switch (ICU's default is 1582) so dates are proleptic
/// Gregorian, as ISO 8601 wants.
void cicu_ucal_setGregorianChange(UCalendar *calendar, UDate date, UErrorCode *status);
const char *cicu_ucal_getType(const UCalendar *calendar, UErrorCode *status);
/// The values of a locale keyword ICU knows for `locale` ("calendar": "gregorian", "buddhist", …);
/// all of them when `commonlyUsed` is false.
UEnumeration *cicu_ucal_getKeywordValuesForLocale(const char *key, const char *locale,
                                                  UBool commonlyUsed, UErrorCode *status);
/// The canonical id of a time zone, and whether ICU knows it (`isSystemID`).
int32_t cicu_ucal_getCanonicalTimeZoneID(const UChar *id, int32_t length, UChar *result,
                                         int32_t capacity, UBool *isSystemID,
                                         UErrorCode *status);

// MARK: Identifiers (countries, currencies, languages, time zones)

/// The region a code names (alpha-2, alpha-3 or a UN M.49 numeric code as digits), or NULL
/// when ICU knows none. ICU resolves aliases: "UK" gives GB's region.
const URegion *cicu_uregion_getRegionFromCode(const char *code, UErrorCode *status);
const URegion *cicu_uregion_getRegionFromNumericCode(int32_t code, UErrorCode *status);
const char *cicu_uregion_getRegionCode(const URegion *region);
int32_t cicu_uregion_getNumericCode(const URegion *region);
URegionType cicu_uregion_getType(const URegion *region);
/// Every region of `type` (URGN_TERRITORY: the countries and territories).
UEnumeration *cicu_uregion_getAvailable(URegionType type, UErrorCode *status);
/// What a deprecated region was replaced by (SU: RU, AM, AZ, ...), or NULL.
UEnumeration *cicu_uregion_getPreferredValues(const URegion *region, UErrorCode *status);
/// The ISO 3166-1 alpha-3 code of the locale's country ("_DE" gives "DEU"), or "".
const char *cicu_uloc_getISO3Country(const char *localeID);
int32_t cicu_uloc_getDisplayCountry(const char *localeID, const char *displayLocale, UChar *result,
                                    int32_t capacity, UErrorCode *status);
int32_t cicu_uloc_getDisplayLanguage(const char *localeID, const char *displayLocale, UChar *result,
                                     int32_t capacity, UErrorCode *status);
int32_t cicu_uloc_toLanguageTag(const char *localeID, char *tag, int32_t capacity, UBool strict,
                                UErrorCode *status);
/// A display-name maker for `locale`, with `length` UDISPCTX_LENGTH_FULL or _SHORT (CLDR's
/// short forms: "UK" for GB, "US" for the United States) and `dialect` UDISPCTX_STANDARD_NAMES
/// or UDISPCTX_DIALECT_NAMES (dialect names where CLDR has them: "British English",
/// "Schweizer Hochdeutsch", which people write as much as the standard names).
ULocaleDisplayNames *cicu_uldn_open(const char *locale, UDisplayContext length, UDisplayContext dialect,
                                    UErrorCode *status);
void cicu_uldn_close(ULocaleDisplayNames *names);
int32_t cicu_uldn_regionDisplayName(const ULocaleDisplayNames *names, const char *region,
                                    UChar *result, int32_t capacity, UErrorCode *status);
int32_t cicu_uldn_localeDisplayName(const ULocaleDisplayNames *names, const char *locale,
                                    UChar *result, int32_t capacity, UErrorCode *status);
/// A collator for `locale` at primary strength with punctuation and spaces ignored
/// (alternate shifted): CLDR's loose matching of names, where the locale's collation decides
/// which accents and cases are the same letter.
UCollator *cicu_ucol_openLoose(const char *locale, UErrorCode *status);
void cicu_ucol_close(UCollator *collator);
int32_t cicu_ucol_getSortKey(const UCollator *collator, const UChar *text, int32_t length,
                             uint8_t *key, int32_t capacity);
/// The currency's plural name for `pluralCount` ("one", "other": "euros"); returns its
/// length, or 0 when the locale has none.
int32_t cicu_ucurr_getPluralName(const UChar *currency, const char *locale, const char *pluralCount,
                                 UChar *result, int32_t capacity, UErrorCode *status);
/// Whether the currency was legal tender anywhere between `from` and `to` (UDate).
UBool cicu_ucurr_isAvailable(const UChar *currency, UDate from, UDate to, UErrorCode *status);
/// Every time-zone id of `type` (UCAL_ZONE_TYPE_CANONICAL: no aliases; _ANY: aliases too).
UEnumeration *cicu_ucal_openTimeZoneIDEnumeration(USystemTimeZoneType type, UErrorCode *status);
/// The currencies a locale's region uses: with `commonlyUsed`, only those it uses now (no end
/// date in CLDR's region data), which tells current currencies from former ones where
/// ucurr_isAvailable cannot (ICU 72 keeps one date range per code: GBP reads as unavailable)
/// and ucurr_countCurrencies crashes (a region entry without a start date, as BO's BOV).
UEnumeration *cicu_ucurr_getKeywordValuesForLocale(const char *key, const char *locale,
                                                   UBool commonlyUsed, UErrorCode *status);
/// Moves a calendar to another zone, so one calendar serves every zone's names.
void cicu_ucal_setTimeZone(UCalendar *calendar, const UChar *zoneID, int32_t length, UErrorCode *status);
/// Formats the calendar's time in the calendar's own zone: with pattern `vvvv`, `zzzz` or
/// `VVVV`, one date format gives every zone's localized names (one format per zone is slower).
int32_t cicu_udat_formatCalendar(const UDateFormat *format, UCalendar *calendar, UChar *result,
                                 int32_t capacity, UErrorCode *status);
/// A script's name (`Latn`: "Latin"), or a failure when ICU has none (NO_SUBSTITUTE): how an
/// unknown script subtag of a language tag is told.
int32_t cicu_uldn_scriptDisplayName(const ULocaleDisplayNames *names, const char *script,
                                    UChar *result, int32_t capacity, UErrorCode *status);
/// A variant's name (`1901`: "Traditional German orthography"), or a failure when ICU has
/// none: a tag's variant ICU cannot name is one it does not know (`bas-sorabe`).
int32_t cicu_uldn_variantDisplayName(const ULocaleDisplayNames *names, const char *variant,
                                     UChar *result, int32_t capacity, UErrorCode *status);
/// ISO 639 language codes ICU knows (NULL-terminated), for the languages' plain names.
const char *const *cicu_uloc_getISOLanguages(void);

// MARK: Character sets

USet *cicu_uset_openEmpty(void);
/// Replaces the contents of `set` with `pattern`; returns the index after the pattern, or
/// on failure the index where parsing stopped (used to say where a malformed set breaks).
int32_t cicu_uset_applyPattern(USet *set, const UChar *pattern, int32_t length, uint32_t options,
                               UErrorCode *status);
void cicu_uset_close(USet *set);
UBool cicu_uset_contains(const USet *set, UChar32 c);
void cicu_uset_add(USet *set, UChar32 c);
void cicu_uset_addRange(USet *set, UChar32 start, UChar32 end);
void cicu_uset_addAll(USet *set, const USet *additional);
void cicu_uset_removeAll(USet *set, const USet *remove);
void cicu_uset_closeOver(USet *set, int32_t attributes);
void cicu_uset_freeze(USet *set);
int32_t cicu_uset_size(const USet *set);
int32_t cicu_uset_getItemCount(const USet *set);
int32_t cicu_uset_getItem(const USet *set, int32_t index, UChar32 *start, UChar32 *end,
                          UChar *str, int32_t capacity, UErrorCode *status);
int32_t cicu_uset_toPattern(const USet *set, UChar *result, int32_t capacity,
                            UBool escapeUnprintable, UErrorCode *status);
/// The locale's exemplar characters (standard, auxiliary, index, punctuation), as a new set.
USet *cicu_exemplarSet(const char *locale, ULocaleDataExemplarSetType type, UErrorCode *status);

// MARK: Regular expressions

URegularExpression *cicu_uregex_open(const UChar *pattern, int32_t length, uint32_t flags,
                                     UParseError *parseError, UErrorCode *status);
void cicu_uregex_close(URegularExpression *regex);
void cicu_uregex_setText(URegularExpression *regex, const UChar *text, int32_t length,
                         UErrorCode *status);
UBool cicu_uregex_matches(URegularExpression *regex, int32_t startIndex, UErrorCode *status);
/// Whether the last match attempt read the end of the text: a longer text might still match.
UBool cicu_uregex_hitEnd(const URegularExpression *regex, UErrorCode *status);
/// Bounds the work of one match, in steps of ICU's match engine (about 10,000 each); a match
/// that takes longer stops with U_REGEX_TIME_OUT. 0 is no limit.
void cicu_uregex_setTimeLimit(URegularExpression *regex, int32_t limit, UErrorCode *status);

// MARK: Text segmentation, case, normalization, character properties

UBreakIterator *cicu_ubrk_openCharacter(const char *locale, UErrorCode *status);
void cicu_ubrk_close(UBreakIterator *iterator);
void cicu_ubrk_setText(UBreakIterator *iterator, const UChar *text, int32_t length,
                       UErrorCode *status);
int32_t cicu_ubrk_first(UBreakIterator *iterator);
int32_t cicu_ubrk_next(UBreakIterator *iterator);
int32_t cicu_u_strToUpper(UChar *dest, int32_t capacity, const UChar *src, int32_t length,
                          const char *locale, UErrorCode *status);
int32_t cicu_u_strToLower(UChar *dest, int32_t capacity, const UChar *src, int32_t length,
                          const char *locale, UErrorCode *status);
int32_t cicu_u_strToTitle(UChar *dest, int32_t capacity, const UChar *src, int32_t length,
                          const char *locale, UErrorCode *status);
const UNormalizer2 *cicu_unorm2_getNFCInstance(UErrorCode *status);
const UNormalizer2 *cicu_unorm2_getNFKCInstance(UErrorCode *status);
int32_t cicu_unorm2_normalize(const UNormalizer2 *normalizer, const UChar *src, int32_t length,
                              UChar *dest, int32_t capacity, UErrorCode *status);
UBool cicu_unorm2_isNormalized(const UNormalizer2 *normalizer, const UChar *src, int32_t length,
                               UErrorCode *status);
UBool cicu_unorm2_hasBoundaryBefore(const UNormalizer2 *normalizer, UChar32 c);
/// The Unicode name of `c`, or its alias/extended label ("<control-0000>") when it has none.
int32_t cicu_u_charName(UChar32 c, char *buffer, int32_t capacity, UErrorCode *status);
UBool cicu_u_hasBinaryProperty(UChar32 c, UProperty property);
int32_t cicu_u_getIntPropertyValue(UChar32 c, UProperty which);
int8_t cicu_u_charType(UChar32 c);
UBool cicu_u_isUWhiteSpace(UChar32 c);
int32_t cicu_u_charDigitValue(UChar32 c);


// MARK: Charsets (for `infer`)

/// The charset ICU's detector finds most likely for `bytes` (its name into `name`), with its
/// confidence (0–100); one call wraps ucsdet_open, setText, detect and close, as the
/// detector keeps a pointer to the text and must not outlive it.
void cicu_detectCharset(const char *bytes, int32_t length, char *name, int32_t capacity,
                        int32_t *confidence, UErrorCode *status);
/// A streaming conversion from a charset to UTF-8 (`csv --encoding`): two converters and the
/// UTF-16 pivot between them, kept across calls so that a character split between two reads
/// is converted whole. A byte sequence the charset does not define stops the conversion
/// (U_ILLEGAL_CHAR_FOUND or U_INVALID_CHAR_FOUND) instead of becoming U+FFFD.
typedef struct CICUTranscoder CICUTranscoder;
CICUTranscoder *cicu_transcoder_open(const char *fromName, UErrorCode *status);
void cicu_transcoder_close(CICUTranscoder *transcoder);
/// Converts all of `input` (with `flush` at the end of the input); `capacity` must be at least
/// 4 * length + 16. Returns the bytes written to `output`. On a byte sequence the charset does
/// not define, `*badOffset` is where in `input` it starts and `*badLength` its length (so
/// a message can point at it: ucnv's stop callback leaves the source past it).
int32_t cicu_transcoder_convert(CICUTranscoder *transcoder, const char *input, int32_t length, char *output,
                                int32_t capacity, UBool flush, int32_t *badOffset, int32_t *badLength,
                                UErrorCode *status);
/// ucnv_convert: `source` in charset `fromName` to `toName` (returns the length needed).
int32_t cicu_ucnv_convert(const char *toName, const char *fromName, char *target, int32_t capacity,
                          const char *source, int32_t length, UErrorCode *status);

#ifdef __cplusplus
}
#endif
#endif
