#ifndef CPROCESS_H
#define CPROCESS_H

/// The process's own argc and argv, as the C library handed them to the program at start.
///
/// Why this exists: the Swift runtime on Linux reads the arguments back from
/// /proc/self/cmdline. Where /proc is not mounted (a bare chroot, some containers) it finds
/// none, and fieldcheck then ran as if given no arguments at all: it printed the top-level help
/// and exited 0, having checked nothing. glibc calls every .init_array function with argc, argv
/// and envp before main; a function placed there keeps them.
/// Returns 0 (and argv NULL) when they were not handed over (a C library that does not pass them).
int cprocess_argc(void);
char *const *cprocess_argv(void);

/// The commit the program was built from, when the build said (`make` passes
/// -DFIELDCHECK_COMMIT); "unknown" otherwise.
const char *cprocess_build_commit(void);

#endif
