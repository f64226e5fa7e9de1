// Shared by the distance-field passes (SPEC §10). The field is an R32UI texture: the exact
// travel cost from the nearest source, kUnreached where no source reaches (yet). The occupant
// texture (R8UI) holds bit flags per cell. Texel (x, y) is map cell (x, y).

const uint kUnreached = 0xFFFFFFFFu;
const uint kSourceBit = 1u;   // a hostile unit: costs 0 and spreads
const uint kBlockerBit = 2u;  // never entered

bool insideMap(ivec2 cell, ivec2 mapSize) {
  return all(greaterThanEqual(cell, ivec2(0))) && all(lessThan(cell, mapSize));
}
