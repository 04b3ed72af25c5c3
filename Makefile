# netsched: two commands on a fresh Debian machine.
#   make demo   install missing packages (as root), build Release, run the main job
#   make test   same set-up, then every test (Catch2 + rapidcheck properties)
BUILD ?= build
JOBS  ?= $(shell nproc)
WERROR ?= OFF
# Unity builds: CMake compiles the sources of a target 8 to a file, so each batch parses the
# common headers once (bench/build-time.sh: ratio against UNITY=OFF). UNITY=OFF for editing, where
# one changed file then recompiles alone.
UNITY ?= ON
UNITY_FLAGS = -DCMAKE_UNITY_BUILD=$(UNITY) -DCMAKE_UNITY_BUILD_BATCH_SIZE=8
SAN_BUILD ?= build-san
TIDY_BUILD ?= build-tidy
FUZZ_SECONDS ?= 600
FUZZ_HARNESSES = fuzz_spec fuzz_schedule fuzz_graph fuzz_msccl fuzz_mscclpp
NETSCHED = $(BUILD)/app/netsched
RC_LONG ?= max_success=2000
RC_ASAN ?= max_success=15 max_discard_ratio=100

.PHONY: all deps configure build demo test test-long props-long bench bench-build bench-scale claims claims-doc optimum-doc pictures-doc engines-doc size-choice-doc bandwidth-doc bandwidth-simgrid-doc faults-doc clean \
        format format-check tidy-configure tidy tidy-changed san-configure san-build test-asan fuzz-build fuzz fuzz-smoke

all: build

deps:
	@scripts/deps.sh

configure: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DNETSCHED_WERROR=$(WERROR) $(UNITY_FLAGS) \
	  > $(BUILD).configure.log 2>&1 || \
	  (cat $(BUILD).configure.log; exit 1)

build: configure
	@cmake --build $(BUILD) -j $(JOBS) -- --no-print-directory

demo: build
	@scripts/demo.sh $(NETSCHED)

# The papers' algorithms against every MPI algorithm SMPI implements (docs/ENGINES-TABLE.md).
engines-doc: build
	@scripts/engines-doc.sh $(NETSCHED)

# docs/SIZE-CHOICE.md: gen --bytes's choice from 8 B to 8 MiB per node against every SMPI algorithm, and
# its checked OpenMPI run at 1 MiB (60 to 80 minutes on 2 cores from an empty cache).
size-choice-doc: build
	@scripts/size-choice-doc.sh $(NETSCHED)

# docs/BANDWIDTH-TABLE.md: each family's default schedules and netsched's fastest against the
# latency and bandwidth bounds; docs/BANDWIDTH-RATIOS.md: the all-gather, reduce-scatter and
# all-reduce against the exact bound (about 20 minutes on 2 cores).
bandwidth-doc: build
	@scripts/bandwidth-doc.sh $(NETSCHED)

# docs/BANDWIDTH-SIMGRID.md: the all-gather, reduce-scatter and all-reduce gen --bytes chooses at
# 1 MiB on every network of BANDWIDTH-RATIOS against SMPI's algorithms, run and exported too.
bandwidth-simgrid-doc: build
	@scripts/bandwidth-simgrid-doc.sh $(NETSCHED)

# docs/FAULTS-TABLE.md: every single failed link of the fault issue's networks (of the 12,000-node
# HDN one link an orbit for its total exchange, every link for its broadcast, 200 drawn at random
# for its all-reduce), repaired against regenerated, and 20 sampled double faults each
# (40 minutes on 2 cores at stop 65, the HDN's broadcast 33 of them).
faults-doc: build
	@scripts/faults-doc.sh $(NETSCHED)

# The pictures under docs/pictures/ (README, docs/pictures.md), made by netsched itself.
pictures-doc: build
	@scripts/pictures-doc.sh $(NETSCHED)

test: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The sweeps CI runs on a covering sample (every algorithm row and every network once), whole:
# every schedule of every family under mpirun and under smpirun (about 15 minutes on 2 cores).
test-long: build
	@cd $(BUILD)/tests && ./netsched_tests "[long]"

# The mutation campaign with Z3 judging every mutant with N x chunks x (steps+1) <= 10^8 (CI:
# one in nine of those <= 20,000); about 33 CPU-minutes.
mutation-smt: build
	@cd $(BUILD) && NETSCHED_MUTATION_SMT_BUDGET=100000000 NETSCHED_MUTATION_SMT_EVERY=1 \
	  ./props/netsched_props "mutation campaign"

props-long: build
	@cd $(BUILD) && RC_PARAMS="$(RC_LONG)" NETSCHED_MUTATION_PER=60 NETSCHED_PROPS_PRODUCT_MAX_NODES=256 \
	  ctest --output-on-failure -L props

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

# The clean build's time, unity batches against one file per compile (about 30 minutes).
bench-build:
	@bench/build-time.sh

bench: build
	@bench/run.sh $(NETSCHED)

# Scale (bench/README.md item 12): 129,600- and 810,000-node HDN exchanges by symmetry, the full
# block walk on MPI ranks, a 100,000-node torus; about 15 minutes (--no-full skips the 9-minute
# full walk).
bench-scale: build
	@bench/scale.sh $(NETSCHED)

# The style as tooling: .clang-format over every C++ file (format rewrites, format-check fails
# on any difference) and .clang-tidy over the libraries and the CLI (names, function size, magic
# numbers; findings are errors).
CXX_FILES = $(shell git ls-files '*.cpp' '*.hpp')
format:
	@clang-format -i $(CXX_FILES)

format-check:
	@clang-format --dry-run --Werror $(CXX_FILES) && echo "format: every C++ file follows .clang-format"

# clang-tidy reads the compile commands of a configuration without precompiled headers
# (TIDY_BUILD, configured, with only its generated headers built): clang cannot read GCC's, and
# without them a file that lacks an include of its own fails here.
tidy-configure: deps
	@cmake -S . -B $(TIDY_BUILD) -DCMAKE_BUILD_TYPE=Release -DCMAKE_DISABLE_PRECOMPILE_HEADERS=ON -DCMAKE_UNITY_BUILD=OFF \
	  > $(TIDY_BUILD).configure.log 2>&1 || (cat $(TIDY_BUILD).configure.log; exit 1)
	@cmake --build $(TIDY_BUILD) --target netsched_chakra_headers > $(TIDY_BUILD).headers.log 2>&1 || \
	  (cat $(TIDY_BUILD).headers.log; exit 1)

tidy: tidy-configure
	@run-clang-tidy -quiet -extra-arg=-Wno-unknown-warning-option -p $(TIDY_BUILD) "$(CURDIR)/(core|gen|verify|papers|analysis|claims|draw|exec|app|api|python)/" > $(TIDY_BUILD)/tidy.log 2>&1 || \
	  (grep -E 'error:' $(TIDY_BUILD)/tidy.log | sort -u; exit 1)
	@echo "tidy: no findings"

# CI: clang-tidy on the files changed since .ci/tidy-base, a commit whose whole tree passed
# `make tidy` (and the .cpp files that include a changed header); the whole tree took 9 of CI's
# 45 minutes. `make tidy` is run on the whole tree before each stop, which then moves the base.
tidy-changed: tidy-configure
	@scripts/tidy-changed.sh $(TIDY_BUILD)

# One clang build serves the sanitized test run and the fuzz harnesses: AddressSanitizer,
# UndefinedBehaviorSanitizer and libFuzzer's coverage, at -O1 with assertions on (Debug; at -O0
# the sanitized suite ran 20 to 40 times slower than Release). CI builds only the harnesses
# here (fuzz-smoke); the whole of it and the sanitized suite (test-asan, about 30 minutes on 2
# cores) are run before each stop: with them CI took 89 minutes at stop 52 (docs/testing.md).
san-configure:
	@scripts/deps.sh fuzz
	@CXX=clang++ cmake -S . -B $(SAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-g -O1" \
	  -DNETSCHED_WERROR=ON -DNETSCHED_FUZZ=ON $(UNITY_FLAGS) \
	  > $(SAN_BUILD).configure.log 2>&1 || (cat $(SAN_BUILD).configure.log; exit 1)

san-build: san-configure
	@cmake --build $(SAN_BUILD) -j $(JOBS) -- --no-print-directory

# The Catch2 suite and a short rapidcheck run (RC_ASAN) under the sanitizers. Left to the
# Release run, by label: the crash-safety test and the mutation campaign, whose size is its
# assertion, and every test labelled "unsanitized" (tests/CMakeLists.txt: the Catch2 tags [mpi],
# [smpi], [readme], [slow]): the MPI programs under mpirun and smpirun, whose launchers load
# uninstrumented libraries — the in-process executor tests cover the same rank logic here —,
# README.md's tour (the binaries above, about a minute) and the slowest sweeps, which repeat
# over many instances what the sanitized tests run on a few (the papers' routing bounds, HDN
# cross-edge matchings, the size choice's figures, Z3 against the register simulator beyond
# hypercube(3)).
test-asan: san-build
	@cd $(SAN_BUILD) && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp \
	  ctest --output-on-failure -j $(JOBS) -LE 'props|crash|reruns|unsanitized'
	@cd $(SAN_BUILD) && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp \
	  RC_PARAMS="$(RC_ASAN)" ctest --output-on-failure -j $(JOBS) -L props -E 'mutation campaign'

# libFuzzer harnesses (fuzz/, in the sanitized build): replay the committed corpus and
# regressions, then fuzz each for FUZZ_SECONDS on one core, as many at once as there are cores
# (no crash, no unit over 10 s, RSS under 2 GB).
# New inputs go to $(SAN_BUILD)/corpus-*; findings to $(SAN_BUILD)/findings.
fuzz-build: san-configure
	@cmake --build $(SAN_BUILD) -j $(JOBS) --target $(FUZZ_HARNESSES) -- --no-print-directory

fuzz: fuzz-build
	@scripts/fuzz.sh $(SAN_BUILD) $(FUZZ_SECONDS) $(FUZZ_HARNESSES)

# CI: the same, 15 s per harness.
fuzz-smoke: FUZZ_SECONDS = 15
fuzz-smoke: fuzz

clean:
	rm -rf $(BUILD) $(BUILD).configure.log $(SAN_BUILD) $(SAN_BUILD).configure.log $(TIDY_BUILD) $(TIDY_BUILD).configure.log
