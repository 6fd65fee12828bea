/* ICU-from-C baseline for the text workload.
 *
 * One value per line on stdin. A value is accepted when the frozen UnicodeSet
 * [a-zA-Z0-9] spans the whole line (uset_spanUTF8, so ill-formed UTF-8 is
 * rejected too) and the line has at most 12 code points; then it is written
 * back, otherwise an empty line (so an accepted empty value also writes an
 * empty line). Exit status: 0 every line accepted, 1 at least one rejected,
 * 2 ICU set-up error, 3 I/O error. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unicode/uset.h>

enum { MAX_LENGTH = 12 };

int main(void) {
    UErrorCode status = U_ZERO_ERROR;
    USet *allowed = uset_openPattern(u"[a-zA-Z0-9]", -1, &status);
    if (U_FAILURE(status)) {
        fprintf(stderr, "icu_text: uset_openPattern: %s\n", u_errorName(status));
        return 2;
    }
    uset_freeze(allowed);
    static char obuf[1 << 16];
    setvbuf(stdout, obuf, _IOFBF, sizeof obuf);

    char *line = NULL;
    size_t cap = 0;
    int rejected = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, stdin)) != -1) {
        if (n > 0 && line[n - 1] == '\n') n--;
        int ok = 0;
        if (n < INT32_MAX &&
            uset_spanUTF8(allowed, line, (int32_t)n, USET_SPAN_CONTAINED) == (int32_t)n) {
            /* Code points: count the bytes that do not continue a sequence. */
            ssize_t points = 0;
            for (ssize_t i = 0; i < n; i++) {
                if (((unsigned char)line[i] & 0xC0) != 0x80) points++;
            }
            ok = points <= MAX_LENGTH;
        }
        if (ok) {
            fwrite(line, 1, (size_t)n, stdout);
        } else {
            rejected = 1;
        }
        putchar('\n');
    }
    free(line);
    uset_close(allowed);
    if (fflush(stdout) != 0 || ferror(stdin)) return 3;
    return rejected;
}
