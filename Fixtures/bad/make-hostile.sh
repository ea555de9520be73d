#!/usr/bin/env bash
# Writes the hostile inputs too big to commit into DIR (SPEC §5.1):
#   deep-nesting.yaml   100,000 nested flow sequences -> nesting limit error
#   long-selector.yaml  a 10,000-component selector   -> loads
#   huge-scalar.yaml    a 100 MB scalar                -> size limit error
#   deep-groups.tokens.json, huge-string.tokens.json: the same for token files
set -euo pipefail
dir=${1:?usage: make-hostile.sh DIR}
mkdir -p "$dir"
{ printf 'styles:\n  title: { deep: '; head -c 100000 /dev/zero | tr '\0' '['; head -c 100000 /dev/zero | tr '\0' ']'; printf ' }\n'; } > "$dir/deep-nesting.yaml"
# An explicit key (`? …`): YAML limits implicit keys to 1024 characters.
{ printf 'styles:\n  ? "'; for i in $(seq 1 10000); do printf 'c%d/' "$i"; done; printf 'title"\n  : { long: true }\n'; } > "$dir/long-selector.yaml"
{ printf 'styles:\n  title: { text: "'; head -c 100000000 /dev/zero | tr '\0' 'x'; printf '" }\n'; } > "$dir/huge-scalar.yaml"
# Design-token files (SPEC §10): groups 100,000 deep, and a 100 MB string.
{ for i in $(seq 1 100000); do printf '{"g":'; done; printf '{"$value":1}'; head -c 100000 /dev/zero | tr '\0' '}'; printf '\n'; } > "$dir/deep-groups.tokens.json"
{ printf '{"t":{"$value":"'; head -c 100000000 /dev/zero | tr '\0' 'x'; printf '"}}\n'; } > "$dir/huge-string.tokens.json"
