#ifndef SDUI_CFUZZERHOOKS_H
#define SDUI_CFUZZERHOOKS_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's built-in mutator. Declared weak: in a normal (non-fuzzer) build it is absent and
/// sdui_fuzzer_mutate falls back to a simple byte mutation, so the same code links everywhere.
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size) __attribute__((weak));

/// Calls LLVMFuzzerMutate when linked into a libFuzzer binary; returns 0 otherwise.
size_t sdui_fuzzer_mutate(uint8_t *data, size_t size, size_t max_size);

/// Whether this process runs inside libFuzzer (LLVMFuzzerMutate is linked).
int sdui_fuzzer_linked(void);
#endif
