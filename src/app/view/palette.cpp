#include "app/view/palette.h"

#include <algorithm>
#include <cmath>

namespace tactics::app {

Rgb terrainColour(int terrain) {
  // The ground colours of plains, forest, hills, mountains and wall (or deep water).
  constexpr std::array<Rgb, kTerrainClasses> kClasses = {{{0.47F, 0.72F, 0.32F},
                                                          {0.16F, 0.40F, 0.18F},
                                                          {0.70F, 0.60F, 0.36F},
                                                          {0.52F, 0.47F, 0.44F},
                                                          {0.22F, 0.30F, 0.52F}}};
  if (terrain >= 0 && terrain < kTerrainClasses) return kClasses[static_cast<std::size_t>(terrain)];
  // As namedTerrainColour in shaders/terrain_colour.glsl.
  float whole = 0;
  const float h = std::modf(static_cast<float>(terrain - 5) * 0.618034F + 0.11F, &whole);
  const auto channel = [h](float offset) {
    float part = 0;
    const float k = std::clamp(
        std::abs(std::modf(h + offset, &part) * 6.0F - 3.0F) - 1.0F, 0.0F, 1.0F);
    return (1.0F + (k - 1.0F) * 0.5F) * 0.8F;
  };
  return {channel(0.0F), channel(2.0F / 3.0F), channel(1.0F / 3.0F)};
}

}  // namespace tactics::app
