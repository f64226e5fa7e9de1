#pragma once
// What every solver checks before it makes its textures: that the map fits the context's
// textures, and, for the compute solvers, that the context has compute shaders.

#include "tactics/solver/cost_map.h"
#include "tactics/solver/expected.h"

namespace tactics::gpu {

// Fails when the map is larger than GL_MAX_TEXTURE_SIZE in either direction.
Expected<bool> checkMapFits(const CostMap& map);

// Fails when the current context has no compute shaders (OpenGL 4.3).
Expected<bool> checkComputeBackend();

}  // namespace tactics::gpu
