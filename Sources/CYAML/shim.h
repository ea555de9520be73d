#ifndef STYLIST_CYAML_SHIM_H
#define STYLIST_CYAML_SHIM_H
// The system libyaml (libyaml-dev on Debian/Ubuntu, libyaml on Homebrew).
#include <yaml.h>
#endif
