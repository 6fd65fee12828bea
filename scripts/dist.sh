#!/usr/bin/env bash
# The self-contained binary and its release archive (`make dist`).
#
# Links the release build's objects again, with ICU (its data included), libyaml and the C++
# runtime taken from their static archives, next to the static Swift runtime: the binary's
# only dynamic dependencies are glibc's own libraries (libc, libm and the loader), so it runs
# on any x86-64 Linux with glibc 2.36 or later without ICU_DATA or a data file. `swift build`
# itself links them dynamically (SwiftPM's system-library targets ask for -licuuc and the
# like); putting a directory that holds only the static archives first on the search path
# makes those same -l flags find the archives.
#
# ICU's data goes in without what fieldcheck never reads (collation, unit names,
# transliterators, spelled-out numbers...: scripts/icu-data-remove.txt lists each with its
# reason): 23.0 MB of ICU 72's 31.3 MB, which makes the binary 44,241,456 bytes (42.2 MiB)
# stripped instead of 52,507,184 (issue 31: at most 45 MB). This needs icupkg and genccode
# (Debian's icu-devtools), ar, nm and objcopy (binutils).
#
# Writes .build/dist/fieldcheck (stripped) and .build/dist/fieldcheck-VERSION-x86_64-linux-gnu.tar.gz
# with bin/, the man page, completions for bash, zsh and fish, the JSON Schema of the --json
# records (share/fieldcheck/), README, LICENSE and
# THIRD_PARTY_NOTICES, and SHA256SUMS beside it.
# Run after `make release` (the Makefile's dist target does both).
set -euo pipefail
cd "$(dirname "$0")/.."

release=$(swift build -c release --show-bin-path)
objects="$release/fieldcheck.product/Objects.LinkFileList"
if [ ! -f "$objects" ]; then
    echo "dist: no release build at $release (run make release first)" >&2
    exit 2
fi
out=.build/dist
mkdir -p "$out"
static=$(mktemp -d)
trap 'rm -rf "$static"' EXIT
icu_libdir=$(pkg-config --variable=libdir icu-uc)
yaml_libdir=$(pkg-config --variable=libdir yaml-0.1)
# The C++ runtime's archive, where the toolchain's clang (or the system's cc) finds it.
compiler=$(command -v clang || command -v cc)
for archive in "$icu_libdir/libicui18n.a" "$icu_libdir/libicuuc.a" "$icu_libdir/libicudata.a" \
    "$yaml_libdir/libyaml.a" "$("$compiler" -print-file-name=libstdc++.a)"; do
    if [ ! -f "$archive" ]; then
        echo "dist: $archive is missing (apt-get install libicu-dev libyaml-dev libstdc++-12-dev)" >&2
        exit 2
    fi
    if [ "$(basename "$archive")" != libicudata.a ]; then ln -s "$archive" "$static/"; fi
done

# ICU's data, less the items scripts/icu-data-remove.txt names. libicudata.a holds one object
# whose .rodata is ICU's common data package (the icudtNN_dat symbol); icupkg takes the items
# out of it and genccode writes the rest back as assembly that defines the same symbol. It goes
# into $static as libicudata.a, so that the -licudata of the link below and the one the CICUSystem
# module map asks for both find it, and nothing links the system's whole data.
# Debian installs icupkg and genccode in /usr/sbin, which a user's PATH may lack.
find_tool() {
    command -v "$1" 2>/dev/null || { [ -x "/usr/sbin/$1" ] && echo "/usr/sbin/$1"; } || {
        echo "dist: $1 is missing (apt-get install $2)" >&2
        exit 2
    }
}
icupkg=$(find_tool icupkg icu-devtools)
genccode=$(find_tool genccode icu-devtools)
find_tool ar binutils >/dev/null
find_tool objcopy binutils >/dev/null
find_tool nm binutils >/dev/null
icu_data=$static/icudata
mkdir "$icu_data"
member=$(ar t "$icu_libdir/libicudata.a")
(cd "$icu_data" && ar x "$icu_libdir/libicudata.a" "$member")
symbol=$(nm "$icu_data/$member" | awk '$2 == "R" {print $3}')
if [ "$(echo "$member" | wc -l)" != 1 ] || [[ "$symbol" != icudt*_dat ]]; then
    echo "dist: $icu_libdir/libicudata.a is not one object defining icudtNN_dat" >&2
    exit 2
fi
# icupkg wants the package's own name (icudt72l.dat: its items are named icudt72l/...).
package=$icu_data/${member%_dat.o}.dat
objcopy -O binary --only-section=.rodata "$icu_data/$member" "$package"
# An item goes when it matches a remove pattern (a glob) and no keep pattern; a pattern that
# matches nothing means the list no longer fits this ICU and fails the build.
mapfile -t items < <("$icupkg" -l "$package")
removes=() keeps=()
while read -r kind pattern _; do
    case "$kind" in
        remove) removes+=("$pattern") ;;
        keep) keeps+=("$pattern") ;;
        '' | '#'*) continue ;;
        *)
            echo "dist: scripts/icu-data-remove.txt: '$kind' is neither remove nor keep" >&2
            exit 2
            ;;
    esac
    matched=false
    for item in "${items[@]}"; do
        # shellcheck disable=SC2053 # the pattern is a glob on purpose
        if [[ $item == $pattern ]]; then matched=true && break; fi
    done
    if [ "$matched" = false ]; then
        echo "dist: scripts/icu-data-remove.txt: '$pattern' matches no item of $(basename "$package")" >&2
        exit 2
    fi
done < scripts/icu-data-remove.txt
: > "$icu_data/remove.txt"
for item in "${items[@]}"; do
    removed=false
    # shellcheck disable=SC2053
    for pattern in "${removes[@]}"; do [[ $item == $pattern ]] && removed=true && break; done
    # shellcheck disable=SC2053
    for pattern in "${keeps[@]}"; do [[ $item == $pattern ]] && removed=false && break; done
    if [ "$removed" = true ]; then echo "$item" >> "$icu_data/remove.txt"; fi
done
full_size=$(stat -c %s "$package")
"$icupkg" -r "$icu_data/remove.txt" "$package"
"$genccode" -q -a gcc -e "${symbol%_dat}" -d "$icu_data" "$package"
"$compiler" -c -o "$icu_data/data.o" "$icu_data/${member%.o}.S"
ar rcs "$static/libicudata.a" "$icu_data/data.o"
echo "dist: ICU data $((full_size / 1000)) kB, $(wc -l < "$icu_data/remove.txt") items left out:" \
    "$(($(stat -c %s "$package") / 1000)) kB linked in"

# The link SwiftPM makes (swift build -v shows it), with the static archives found first.
swiftc -o "$out/fieldcheck.unstripped" -module-name fieldcheck -static-stdlib -emit-executable \
    -L "$static" -Xlinker --gc-sections -Xlinker --defsym -Xlinker main=fieldcheck_main \
    @"$objects" -licui18n -licuuc -licudata -lstdc++ -Xclang-linker -static-libgcc \
    -target x86_64-unknown-linux-gnu 2> >(grep -v "mktemp" >&2)
strip -o "$out/fieldcheck" "$out/fieldcheck.unstripped"
rm "$out/fieldcheck.unstripped"

# Nothing but glibc may be left to load.
unexpected=$(ldd "$out/fieldcheck" | awk '{print $1}' |
    grep -vE '^(linux-vdso\.so\.1|libc\.so\.6|libm\.so\.6|/lib64/ld-linux-x86-64\.so\.2)$' || true)
if [ -n "$unexpected" ]; then
    echo "dist: the binary still loads: $unexpected" >&2
    exit 1
fi

version=$("$out/fieldcheck" --version | head -1 | awk '{print $2}')
name="fieldcheck-$version-x86_64-linux-gnu"
stage=$(mktemp -d)
mkdir -p "$stage/$name/bin" "$stage/$name/share/man/man1" "$stage/$name/share/bash-completion/completions" \
    "$stage/$name/share/zsh/site-functions" "$stage/$name/share/fish/vendor_completions.d" \
    "$stage/$name/share/fieldcheck"
cp "$out/fieldcheck" "$stage/$name/bin/"
cp man/fieldcheck.1 "$stage/$name/share/man/man1/"
cp schema/fieldcheck-output.schema.json "$stage/$name/share/fieldcheck/"
"$out/fieldcheck" --generate-completion-script bash > "$stage/$name/share/bash-completion/completions/fieldcheck"
"$out/fieldcheck" --generate-completion-script zsh > "$stage/$name/share/zsh/site-functions/_fieldcheck"
"$out/fieldcheck" --generate-completion-script fish > "$stage/$name/share/fish/vendor_completions.d/fieldcheck.fish"
cp LICENSE THIRD_PARTY_NOTICES README.md "$stage/$name/"
rm -f "$out"/fieldcheck-*.tar.gz
tar -C "$stage" -czf "$out/$name.tar.gz" "$name"
rm -rf "$stage"
(cd "$out" && sha256sum "$name.tar.gz" fieldcheck > SHA256SUMS)

glibc=$(objdump -T "$out/fieldcheck" | grep -o 'GLIBC_[0-9.]*' | sort -V | tail -1)
echo "dist: $out/fieldcheck ($(du -m "$out/fieldcheck" | cut -f1) MB, needs $glibc) and $out/$name.tar.gz"
