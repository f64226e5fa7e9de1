#pragma once
// The gpu suite's one OpenGL context, made on first use with the API its command line names:
// `--gl core` (the default; ctest label gpu) or `--gl es` (label gpu-es: the same tests, compute
// left out, on an OpenGL ES 3.0 context). See support/gpu_test_main.cpp.
//
// ctest runs each case in a process of its own, leaving out by tag the cases that are not for
// the run's API ([es] on core; [desktop] and [compute] on ES). A run of the whole suite in one
// process (`gpu_tests`, `gpu_tests --gl es`; label gpu-whole) reaches them too, so such a case
// starts with runsOn or computeRuns, which say why it is skipped (a warning; Catch2 v2 has no
// SKIP), and returns.

#include "tactics/gpu/headless_context.h"

namespace tactics::testing {

// The API the context is made with; set by main before any test runs.
void setTestGlApi(gpu::GlApi api);
gpu::GlApi testGlApi();

// The context, made once for the whole run and current from then on; REQUIREs that it was made
// and that it is still the current one.
gpu::HeadlessContext& requireContext();

// For a case of one API ([es], [desktop], or a [compute] sweep of every backend, which the gpu-es
// run leaves out): true when the run's context speaks `api`; otherwise warns that the case is
// skipped on this API (and `why`, when given), and false.
bool runsOn(gpu::GlApi api, const char* why = nullptr);

// For a [compute] case: true when the run's context has OpenGL 4.3; otherwise (OpenGL ES, or
// desktop OpenGL before 4.3) warns that the case is skipped and why, and false.
bool computeRuns();

}  // namespace tactics::testing
