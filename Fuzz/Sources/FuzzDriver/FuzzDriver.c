// Declarations only; see include/FuzzDriver.h.
