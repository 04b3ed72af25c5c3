# netsched: two commands on a fresh Debian machine.
#   make demo   install missing packages (as root), build Release, run the main job
#   make test   same set-up, then every test (Catch2 + rapidcheck properties)
BUILD ?= build
JOBS  ?= $(shell nproc)
NETSCHED = $(BUILD)/app/netsched
RC_LONG ?= max_success=2000

.PHONY: all deps configure build demo test props-long bench claims claims-doc optimum-doc clean

all: build

deps:
	@scripts/deps.sh

configure: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release > $(BUILD).configure.log 2>&1 || \
	  (cat $(BUILD).configure.log; exit 1)

build: configure
	@cmake --build $(BUILD) -j $(JOBS) -- --no-print-directory

demo: build
	@scripts/demo.sh $(NETSCHED)

test: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

props-long: build
	@cd $(BUILD) && RC_PARAMS="$(RC_LONG)" NETSCHED_MUTATION_PER=60 ctest --output-on-failure -L props

# Every claim of the papers against its recorded verdict, and the errata report up to date.
claims: build
	@$(NETSCHED) claims --heavy --check --md > $(BUILD)/CLAIMS.md
	@diff -q $(BUILD)/CLAIMS.md docs/CLAIMS.md >/dev/null || \
	  (echo "docs/CLAIMS.md is out of date: run 'make claims-doc'"; exit 1)

# Regenerate the errata report (never edit docs/CLAIMS.md by hand).
claims-doc: build
	@$(NETSCHED) claims --heavy --md > docs/CLAIMS.md

# Paper algorithms against Z3-proven optima (docs/OPTIMUM.md).
optimum-doc: build
	@(sed -n '1,7p' docs/OPTIMUM.md; $(NETSCHED) prove table) > $(BUILD)/OPTIMUM.md && mv $(BUILD)/OPTIMUM.md docs/OPTIMUM.md

bench: build
	@bench/run.sh $(NETSCHED)

clean:
	rm -rf $(BUILD) $(BUILD).configure.log
