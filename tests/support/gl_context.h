#pragma once
// The gpu suite's one OpenGL context, made on first use with the API its command line names:
// `--gl core` (the default; ctest label gpu) or `--gl es` (label gpu-es: the same tests, compute
// left out, on an OpenGL ES 3.0 context). See support/gpu_test_main.cpp.

#include "tactics/gpu/headless_context.h"

namespace tactics::testing {

// The API the context is made with; set by main before any test runs.
void setTestGlApi(gpu::GlApi api);
gpu::GlApi testGlApi();

// The context, made once for the whole run and current from then on; REQUIREs that it was made.
gpu::HeadlessContext& requireContext();

}  // namespace tactics::testing
