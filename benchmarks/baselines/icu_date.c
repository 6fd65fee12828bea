/* ICU-from-C baseline for the dates and dates-long workloads.
 *
 *     icu_date [LOCALE [PATTERN]]      (default: de_DE dd.MM.yyyy)
 *
 * One value per line on stdin, parsed with a UDateFormat for the locale and
 * pattern (dates: de_DE dd.MM.yyyy; dates-long: de_DE "d. MMMM y", month
 * names) in UTC, made non-lenient with udat_setLenient(false).
 * A value is accepted only when udat_parse succeeds and consumed the whole
 * line; then the date is written as ISO yyyy-MM-dd (read back through a
 * Gregorian UCalendar in UTC), otherwise an empty line. Exit status: 0 every
 * line accepted, 1 at least one rejected, 2 ICU set-up error, 3 I/O error. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unicode/ucal.h>
#include <unicode/udat.h>
#include <unicode/ustring.h>

int main(int argc, char **argv) {
    const char *locale = argc > 1 ? argv[1] : "de_DE";
    const char *pattern8 = argc > 2 ? argv[2] : "dd.MM.yyyy";
    UErrorCode status = U_ZERO_ERROR;
    UChar pattern[256];
    int32_t patternlen = 0;
    u_strFromUTF8(pattern, 256, &patternlen, pattern8, -1, &status);
    if (U_FAILURE(status)) {
        fprintf(stderr, "icu_date: pattern: %s\n", u_errorName(status));
        return 2;
    }
    UDateFormat *fmt = udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, u"UTC", -1,
                                 pattern, patternlen, &status);
    if (U_FAILURE(status)) {
        fprintf(stderr, "icu_date: udat_open: %s\n", u_errorName(status));
        return 2;
    }
    udat_setLenient(fmt, 0);
    UCalendar *cal = ucal_open(u"UTC", -1, locale, UCAL_GREGORIAN, &status);
    if (U_FAILURE(status)) {
        fprintf(stderr, "icu_date: ucal_open: %s\n", u_errorName(status));
        return 2;
    }
    static char obuf[1 << 16];
    setvbuf(stdout, obuf, _IOFBF, sizeof obuf);

    char *line = NULL;
    size_t cap = 0;
    UChar *ubuf = NULL;
    size_t ucap = 0;
    int rejected = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, stdin)) != -1) {
        if (n > 0 && line[n - 1] == '\n') n--;
        int ok = 0;
        int32_t year = 0, month = 0, day = 0;
        if (n > 0 && n < INT32_MAX) {
            if ((size_t)n + 1 > ucap) {
                ucap = (size_t)n + 1;
                free(ubuf);
                ubuf = malloc(ucap * sizeof(UChar));
                if (ubuf == NULL) return 2;
            }
            int32_t ulen = 0;
            status = U_ZERO_ERROR;
            u_strFromUTF8(ubuf, (int32_t)ucap, &ulen, line, (int32_t)n, &status);
            if (U_SUCCESS(status) && ulen > 0) {
                int32_t pos = 0;
                UDate when = udat_parse(fmt, ubuf, ulen, &pos, &status);
                if (U_SUCCESS(status) && pos == ulen) {
                    ucal_setMillis(cal, when, &status);
                    year = ucal_get(cal, UCAL_EXTENDED_YEAR, &status);
                    month = ucal_get(cal, UCAL_MONTH, &status) + 1;
                    day = ucal_get(cal, UCAL_DATE, &status);
                    ok = U_SUCCESS(status);
                }
            }
        }
        if (ok) {
            printf("%04d-%02d-%02d\n", (int)year, (int)month, (int)day);
        } else {
            rejected = 1;
            putchar('\n');
        }
    }
    free(line);
    free(ubuf);
    ucal_close(cal);
    udat_close(fmt);
    if (fflush(stdout) != 0 || ferror(stdin)) return 3;
    return rejected;
}
