// cicu_unum_parseCurrencyDecimal: the one wrapper written in C++.
//
// ICU's C API reads a currency amount only as a binary double (unum_parseDoubleCurrency),
// and its exact reader (unum_parseDecimal) reads the format's own currency alone, by symbol
// and ISO code: not another currency, to name it, nor a long name ("123 US dollars"). The
// exact amount and the currency found are in the C++ NumberFormat::parseCurrency result, so
// this wrapper calls it on the handle the C API gave out (a UNumberFormat is a NumberFormat,
// as unum.cpp casts it) and writes the amount as unum_parseDecimal writes a number.
#include "CICU.h"

#include <unicode/curramt.h>
#include <unicode/fmtable.h>
#include <unicode/numfmt.h>
#include <unicode/parsepos.h>
#include <unicode/unistr.h>

#include <cstring>
#include <memory>

extern "C" int32_t cicu_unum_parseCurrencyDecimal(const UNumberFormat *format, const UChar *text,
                                                  int32_t length, int32_t *parsePosition,
                                                  char *out, int32_t capacity, UChar *currency,
                                                  UErrorCode *status) {
    if (U_FAILURE(*status)) return 0;
    const icu::NumberFormat *numberFormat = reinterpret_cast<const icu::NumberFormat *>(format);
    icu::UnicodeString source(false, text, length);
    icu::ParsePosition position(parsePosition != nullptr ? *parsePosition : 0);
    std::unique_ptr<icu::CurrencyAmount> amount(numberFormat->parseCurrency(source, position));
    if (amount == nullptr) {
        if (parsePosition != nullptr) *parsePosition = position.getErrorIndex();
        *status = U_PARSE_ERROR;
        return 0;
    }
    if (parsePosition != nullptr) *parsePosition = position.getIndex();
    std::memcpy(currency, amount->getISOCurrency(), 3 * sizeof(UChar));
    currency[3] = 0;
    icu::Formattable number(amount->getNumber());
    icu::StringPiece digits = number.getDecimalNumber(*status);
    if (U_FAILURE(*status)) return 0;
    int32_t written = digits.length();
    if (written >= capacity) {
        *status = U_BUFFER_OVERFLOW_ERROR;
        return written;
    }
    std::memcpy(out, digits.data(), written);
    out[written] = 0;
    return written;
}
