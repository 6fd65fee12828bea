// Exposes nothing to Swift by itself: this module exists so that SwiftPM finds ICU through
// pkg-config (icu-i18n) and names Debian's libicu-dev when it is missing.
#include <unicode/uversion.h>
