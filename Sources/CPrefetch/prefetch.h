#ifndef STYLIST_CPREFETCH_H
#define STYLIST_CPREFETCH_H
// Swift has no prefetch hint; clang's builtin is the same on Linux and
// Darwin. Header only: nothing to link.

/// Asks the CPU to start loading the cache line of `address` for reading,
/// to keep in every cache level. A hint: it never faults, whatever the address.
static inline void stylist_prefetch(const void *address) {
  __builtin_prefetch(address, 0, 3);
}

#endif
