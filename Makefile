# Stylist — the two commands a newcomer runs: `make run` and `make test`.
SWIFT ?= swift
CONFIG ?= debug
BIN = .build/$(CONFIG)/stylist
DEMO = Fixtures/demo

.PHONY: deps browser platform-tools build test test-bundled run format clean fuzz bench base-stylist sanitize docs install

# libyaml (through pkg-config) is the one system dependency on Linux; Apple
# platforms build the copy Yams bundles.
deps:
	@if [ "$$(uname -s)" = Linux ] && { ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists yaml-0.1; }; then \
	  echo "Installing libyaml-dev and pkg-config…"; \
	  SUDO=$$( [ "$$(id -u)" -eq 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq libyaml-dev pkg-config; \
	fi

# Headless Chromium, for the tests alone: the preview's browser test.
browser:
	@if ! command -v chromium >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then \
	  echo "Installing chromium (the preview's browser test)…"; \
	  SUDO=$$( [ "$$(id -u)" -eq 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium; \
	fi

# The platforms' own tools, for the tests alone: the export tests read
# Android's XML with xmllint, SCSS with sassc, TypeScript with tsc and node.
platform-tools:
	@missing=""; \
	command -v xmllint >/dev/null 2>&1 || missing="$$missing libxml2-utils"; \
	command -v sassc >/dev/null 2>&1 || missing="$$missing sassc"; \
	{ command -v tsc >/dev/null 2>&1 && command -v node >/dev/null 2>&1; } || missing="$$missing node-typescript"; \
	if [ -n "$$missing" ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "Installing$$missing (the export tests' platform tools)…"; \
	  SUDO=$$( [ "$$(id -u)" -eq 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build -c $(CONFIG)

test: deps browser platform-tools
	$(SWIFT) build --build-tests
	$(SWIFT) test

# The whole suite again with the libyaml that Yams bundles (the one iOS, tvOS,
# watchOS and visionOS use), in a build folder of its own. CI runs both.
test-bundled:
	STYLIST_BUNDLED_LIBYAML=1 $(SWIFT) build --build-tests --scratch-path .build-bundled
	STYLIST_BUNDLED_LIBYAML=1 $(SWIFT) test --skip-build --scratch-path .build-bundled

run: build
	@cd Fixtures && for cmd in \
	  "match -s demo/demo.yaml home/header/searchBar/label @dark/card/background nothing" \
	  "explain -s demo/demo.yaml header[selected]/title" \
	  "resolve -s demo/demo.yaml --tree demo/tree.yaml" \
	  "images client/searchbar[disabled]/image"; do \
	  echo "\$$ stylist $$cmd"; ../$(BIN) $$cmd || exit $$?; echo; done

# A release build of `stylist` (several times faster than the debug build
# `make run` uses) installed as $(PREFIX)/bin/stylist.
PREFIX ?= /usr/local
install: deps
	$(SWIFT) build -c release --product stylist
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 .build/release/stylist $(DESTDIR)$(PREFIX)/bin/stylist

# The library's DocC catalog (Sources/Stylist/Stylist.docc), checked for broken links.
docs: deps
	$(SWIFT) package generate-documentation --target Stylist --warnings-as-errors

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Examples Benchmarks/Sources Fuzz/Sources

clean:
	rm -rf .build

# Fuzzing (libFuzzer + AddressSanitizer): each target runs FUZZ_SECONDS.
# Corpora grow in .build-fuzz/corpus; crashes land in fuzz-out/ (copy them
# to Fixtures/fuzz/<target>/ so FuzzRegressionTests keeps them fixed).
FUZZ_SECONDS ?= 60
FUZZ_FLAGS = -c release --build-path ../.build-fuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -use-ld=lld

fuzz: deps
	$(call forget-stale-manifests,.build-fuzz)
	cd Fuzz && $(SWIFT) build $(FUZZ_FLAGS)
	@mkdir -p fuzz-out .build-fuzz/corpus/selector .build-fuzz/corpus/sheet .build-fuzz/corpus/tokens \
	  .build-fuzz/corpus/lsp .build-fuzz/corpus/render
	@cp Fuzz/Seeds/lsp/* .build-fuzz/corpus/lsp/
	@cp Fuzz/Seeds/selector/* Fixtures/fuzz/selector/* .build-fuzz/corpus/selector/
	@find Fixtures -name '*.yaml' -size -64k -exec cp {} .build-fuzz/corpus/sheet/ \;
	@find Fixtures -name '*.json' -size -64k -exec cp {} .build-fuzz/corpus/tokens/ \;
	@find Fixtures -name '*.yaml' -size -64k -exec cp {} .build-fuzz/corpus/render/ \;
	@cp Fixtures/fuzz/render/* .build-fuzz/corpus/render/ 2>/dev/null || true
	@for target in selector sheet tokens lsp render; do \
	  case $$target in selector) binary=FuzzSelector;; sheet) binary=FuzzSheet;; tokens) binary=FuzzTokens;; \
	    lsp) binary=FuzzLanguageServer;; render) binary=FuzzRender;; esac; \
	  echo "fuzzing $$target for $(FUZZ_SECONDS) s (log: fuzz-out/$$target.log)"; \
	  SWIFT_BACKTRACE=enable=no .build-fuzz/release/$$binary -max_total_time=$(FUZZ_SECONDS) \
	    -timeout=10 -rss_limit_mb=2048 -artifact_prefix=fuzz-out/$$target- \
	    .build-fuzz/corpus/$$target </dev/null >fuzz-out/$$target.log 2>&1; \
	  status=$$?; grep -E '^#[0-9]+.*DONE|^==[0-9]+==ERROR|Test unit written' fuzz-out/$$target.log; \
	  [ $$status -eq 0 ] || exit 1; \
	done

# A nested package's build (bench, fuzz) keeps manifests listing the
# library's sources; after a source file is moved or deleted, SwiftPM stops
# with "missing inputs" until they go. Drop them when one lists a file of
# the checkout that no longer exists (the next build writes them anew).
# Line by line: dependencies' file names hold spaces; their checkouts, in
# the build folder, are SwiftPM's to keep.
define forget-stale-manifests
	@for manifest in $(1)/*.yaml; do \
	  [ -f "$$manifest" ] || continue; \
	  grep -o '"$(CURDIR)/[^"]*\.swift"' "$$manifest" | tr -d '"' | grep -v '^$(CURDIR)/$(1)/' | sort -u | \
	    while IFS= read -r source; do [ -f "$$source" ] || exit 1; done || \
	    { rm -f $(1)/*.yaml $(1)/build.db; break; }; \
	done
endef

# Benchmarks (Benchmarks/ package, release build): a table, and JSON with BENCH_JSON=path.
# `batch` is also stated as a share of a C floor (Benchmarks/Floor/batch-floor.c).
# BASE=<commit>: that commit's release `stylist` runs beside the working tree's
# in the same rounds, in a second table. It is built once, from `git archive`,
# in .build-base/<full hash> (BASE_STYLIST=path uses a binary built elsewhere);
# BENCH_ARGS="--only base" runs that table's rows alone.
BENCH_JSON ?=
BASE ?=
BASE_STYLIST ?=
BASE_COMMIT = $(if $(BASE),$(shell git rev-parse --verify --quiet '$(BASE)^{commit}'))
BASE_DIR = .build-base/$(BASE_COMMIT)
BASE_BIN = $(or $(BASE_STYLIST),$(BASE_DIR)/.build/release/stylist)
bench: deps $(if $(BASE),$(if $(BASE_STYLIST),,base-stylist))
	$(SWIFT) build -c release --product stylist
	$(call forget-stale-manifests,.build-bench)
	cd Benchmarks && $(SWIFT) build -c release --build-path ../.build-bench
	cc -O2 -o .build-bench/batch-floor Benchmarks/Floor/batch-floor.c
	.build-bench/release/StylistBench --stylist .build/release/stylist --floor .build-bench/batch-floor \
	  $(if $(BASE)$(BASE_STYLIST),--base-stylist $(BASE_BIN) --base-name '$(or $(BASE),$(BASE_STYLIST))') \
	  $(if $(BENCH_JSON),--json $(BENCH_JSON)) $(BENCH_ARGS)

# The base's sources are a snapshot of the commit (no worktree to register),
# extracted beside, then moved in whole: a folder with a Package.swift is complete.
base-stylist:
	@[ -n "$(BASE_COMMIT)" ] || { echo "BASE=$(BASE) is not a commit of this repository"; exit 2; }
	@if [ ! -x $(BASE_BIN) ]; then \
	  if [ ! -f $(BASE_DIR)/Package.swift ]; then \
	    rm -rf $(BASE_DIR).part && mkdir -p $(BASE_DIR).part && \
	    git archive $(BASE_COMMIT) | tar -x -C $(BASE_DIR).part && mv $(BASE_DIR).part $(BASE_DIR) || exit 1; \
	  fi; \
	  echo "building the release stylist of $(BASE) in $(BASE_DIR)"; \
	  $(SWIFT) build -c release --product stylist --package-path $(BASE_DIR) || exit 1; \
	fi

# Sanitizers: the whole suite under AddressSanitizer (LeakSanitizer included),
# then the concurrency tests under ThreadSanitizer (`Parallel`: `batch`'s
# workers, in the library and through the command). Separate build folders.
sanitize: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/.lsan-suppressions:print_suppressions=0 \
	  $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --filter "Concurrency|Parallel|YAMLParser|LiveUpdate|Observation|SwiftUIArticle"
