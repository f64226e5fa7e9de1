// Shared by the distance-field passes (SPEC §10). The field is an R32UI texture: the exact
// travel cost from the nearest source, kUnreached where no source reaches (yet). The source
// texture (R8UI) marks the sources; the rules texture (rules.glsl) says what entering costs.
// Texel (x, y) is map cell (x, y).

const uint kUnreached = 0xFFFFFFFFu;
const uint kSourceBit = 1u;   // where the field starts: costs 0 and spreads

bool insideMap(ivec2 cell, ivec2 mapSize) {
  return all(greaterThanEqual(cell, ivec2(0))) && all(lessThan(cell, mapSize));
}
