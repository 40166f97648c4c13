// A C dependency, as many app packages have one (a vendored parser, a checksum, a compression
// routine): clang writes DWARF 5 for it, which valgrind 3.19 cannot read, so this example checks
// that a package with C code still gets its exact measures (CodableBench counts a copy of the
// executable without debug sections).
#ifndef ORDER_NATIVE_H
#define ORDER_NATIVE_H

#include <stddef.h>
#include <stdint.h>

/// FNV-1a over `count` bytes: the order page's fingerprint the app keeps with its cache.
uint64_t order_native_fingerprint(const uint8_t *bytes, size_t count);

#endif
