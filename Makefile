# Stylist — the two commands a newcomer runs: `make run` and `make test`.
SWIFT ?= swift
CONFIG ?= debug
BIN = .build/$(CONFIG)/stylist
DEMO = Fixtures/demo

.PHONY: deps build test run format clean

# libyaml (through pkg-config) is the one system dependency.
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists yaml-0.1; then \
	  echo "Installing libyaml-dev and pkg-config…"; \
	  SUDO=$$( [ "$$(id -u)" -eq 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq libyaml-dev pkg-config; \
	fi

build: deps
	$(SWIFT) build -c $(CONFIG)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test

run: build
	@cd Fixtures && for cmd in \
	  "match -s demo/demo.yaml home/header/searchBar/label @dark/card/background nothing" \
	  "explain -s demo/demo.yaml header[selected]/title" \
	  "resolve -s demo/demo.yaml --tree demo/tree.yaml" \
	  "images client/searchbar[disabled]/image"; do \
	  echo "\$$ stylist $$cmd"; ../$(BIN) $$cmd || exit $$?; echo; done

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

clean:
	rm -rf .build
