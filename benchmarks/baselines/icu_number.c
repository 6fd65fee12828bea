/* ICU-from-C baseline for the numbers and numbers-arab workloads.
 *
 *     icu_number [LOCALE]      (default: de_DE)
 *
 * One value per line on stdin. Each line is converted UTF-8 -> UTF-16 and
 * parsed by a UNUM_DECIMAL formatter of the locale (numbers: de_DE;
 * numbers-arab: ar_EG, Arabic-Indic digits) with unum_parseDecimal, in ICU's
 * default strict (non-lenient) mode. A value is accepted only when the parse
 * succeeds and consumed the whole line; then its decimal string ("1234.56")
 * is written, otherwise an empty line. Exit status: 0 every line accepted,
 * 1 at least one rejected (as fieldcheck), 2 ICU set-up error, 3 I/O error. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/unum.h>
#include <unicode/ustring.h>

/* unum_parseDecimal writes a decNumber string, which may be scientific
 * ("-1.2345675E+6"). Rewrite it as a plain decimal ("-1234567.5"), the form
 * fieldcheck prints. Returns the length written to out (capacity outcap). */
static size_t plain_decimal(const char *in, size_t len, char *out, size_t outcap) {
    size_t i = 0, o = 0;
    char digits[512];
    size_t nd = 0;
    long point = -1, exponent = 0;
    if (i < len && (in[i] == '-' || in[i] == '+')) {
        if (in[i] == '-') out[o++] = '-';
        i++;
    }
    for (; i < len && in[i] != 'E' && in[i] != 'e'; i++) {
        if (in[i] == '.') point = (long)nd;
        else if (nd < sizeof digits) digits[nd++] = in[i];
        else return 0;
    }
    if (i < len) exponent = strtol(in + i + 1, NULL, 10);
    if (point < 0) point = (long)nd;
    point += exponent;
    if (point <= 0) {
        if (o + 2 + (size_t)(-point) + nd >= outcap) return 0;
        out[o++] = '0';
        out[o++] = '.';
        for (long z = 0; z < -point; z++) out[o++] = '0';
        for (size_t d = 0; d < nd; d++) out[o++] = digits[d];
    } else if ((size_t)point >= nd) {
        if (o + (size_t)point >= outcap) return 0;
        for (size_t d = 0; d < nd; d++) out[o++] = digits[d];
        for (long z = (long)nd; z < point; z++) out[o++] = '0';
    } else {
        if (o + nd + 1 >= outcap) return 0;
        for (size_t d = 0; d < nd; d++) {
            if ((long)d == point) out[o++] = '.';
            out[o++] = digits[d];
        }
    }
    return o;
}

int main(int argc, char **argv) {
    const char *locale = argc > 1 ? argv[1] : "de_DE";
    UErrorCode status = U_ZERO_ERROR;
    UNumberFormat *fmt = unum_open(UNUM_DECIMAL, NULL, 0, locale, NULL, &status);
    if (U_FAILURE(status)) {
        fprintf(stderr, "icu_number: unum_open: %s\n", u_errorName(status));
        return 2;
    }
    static char obuf[1 << 16];
    setvbuf(stdout, obuf, _IOFBF, sizeof obuf);

    char *line = NULL;
    size_t cap = 0;
    UChar *ubuf = NULL;
    size_t ucap = 0;
    char *dec = malloc(256);
    int32_t deccap = 256;
    if (dec == NULL) return 2;
    static char plain[1024];
    int rejected = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, stdin)) != -1) {
        if (n > 0 && line[n - 1] == '\n') n--;
        int ok = 0;
        int32_t declen = 0;
        if (n > 0 && n < INT32_MAX) {
            /* A UTF-8 line never needs more UTF-16 units than it has bytes. */
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
                declen = unum_parseDecimal(fmt, ubuf, ulen, &pos, dec, deccap, &status);
                if (status == U_BUFFER_OVERFLOW_ERROR) {
                    deccap = declen + 1;
                    free(dec);
                    dec = malloc((size_t)deccap);
                    if (dec == NULL) return 2;
                    pos = 0;
                    status = U_ZERO_ERROR;
                    declen = unum_parseDecimal(fmt, ubuf, ulen, &pos, dec, deccap, &status);
                }
                ok = U_SUCCESS(status) && pos == ulen && declen > 0;
            }
        }
        size_t plainlen = 0;
        if (ok && memchr(dec, 'E', (size_t)declen) == NULL) {
            fwrite(dec, 1, (size_t)declen, stdout);
        } else if (ok && (plainlen = plain_decimal(dec, (size_t)declen, plain, sizeof plain)) > 0) {
            fwrite(plain, 1, plainlen, stdout);
        } else {
            rejected = 1;
        }
        putchar('\n');
    }
    free(line);
    free(ubuf);
    free(dec);
    unum_close(fmt);
    if (fflush(stdout) != 0 || ferror(stdin)) return 3;
    return rejected;
}
