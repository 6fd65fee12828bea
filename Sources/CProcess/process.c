#include "CProcess.h"

static int captured_argc = 0;
static char *const *captured_argv = 0;

static void cprocess_capture(int argc, char **argv, char **envp) {
    (void)envp;
    captured_argc = argc;
    captured_argv = argv;
}

/* glibc passes (argc, argv, envp) to the functions of .init_array (System V ABI for x86-64 and
   AArch64 as glibc implements it); the entry is kept because this file's functions are used. */
__attribute__((section(".init_array"), used)) static void (*const cprocess_capture_entry)(int, char **, char **) =
    cprocess_capture;

int cprocess_argc(void) { return captured_argc; }

char *const *cprocess_argv(void) { return captured_argv; }

#ifndef FIELDCHECK_COMMIT
#define FIELDCHECK_COMMIT "unknown"
#endif

const char *cprocess_build_commit(void) { return FIELDCHECK_COMMIT; }
