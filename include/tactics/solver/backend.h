#pragma once
// Which solver answers a job: the CPU reference, the GLSL fragment passes, the compute shaders,
// or `Auto`, which picks one of those per job (tactics/gpu/solvers.h says how). One type for
// every command, the demo and the bindings; its names are the values `--backend` takes.

#include <string_view>

#include "tactics/solver/expected.h"

namespace tactics {

enum class Backend { Auto, Cpu, Gpu, Compute };

// Exactly "auto", "cpu", "gpu" or "compute". `what` names the value in the error, e.g.
// "--backend": "--backend 'vulkan' is not allowed; expected auto, cpu, gpu or compute".
Expected<Backend> parseBackend(std::string_view text, std::string_view what);

// "auto", "cpu", "gpu" or "compute": the name parseBackend reads back.
const char* backendName(Backend backend);

}  // namespace tactics
