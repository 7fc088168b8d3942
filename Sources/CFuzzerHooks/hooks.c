#include "CFuzzerHooks.h"

size_t sdui_fuzzer_mutate(uint8_t *data, size_t size, size_t max_size) {
    if (LLVMFuzzerMutate) return LLVMFuzzerMutate(data, size, max_size);
    return 0;
}

int sdui_fuzzer_linked(void) { return LLVMFuzzerMutate != 0; }
