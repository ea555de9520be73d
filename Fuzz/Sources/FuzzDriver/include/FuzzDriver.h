#ifndef FUZZ_DRIVER_H
#define FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

// libFuzzer's driver, linked in by -sanitize=fuzzer. SwiftPM gives every
// executable a Swift `main`, so the targets call the driver from there.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
