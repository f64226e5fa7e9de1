// Shared by the danger-zone fragment passes (SPEC §7). Every enemy owns a window of the atlas:
// the cells it can reach (its cell +- its move, clipped to the map), at atlas texel
// cell + atlasShift. travel: R16UI, 0 = not reached, else the travel cost + 1. danger_atlas.vert
// hands each fragment its enemy's parameters as flat values.

flat in ivec4 window;      // the enemy's reach box on the map: x0, y0, x1, y1 (inclusive)
flat in ivec2 atlasShift;  // atlas texel = map cell + atlasShift
flat in ivec4 enemy;       // x, y, move, which travel texture holds its final costs (0 or 1)
flat in ivec4 costs;       // entry costs of terrain classes 0..3 (0 = impassable)
flat in int cost4;         // ... and of class 4
flat in ivec2 attack;      // min, max

const uint kOccupantCrossable = 1u;  // another enemy: crossed, not stood on
const uint kOccupantBlocking = 2u;   // a player or an ally: never entered

ivec2 enemyCell() { return enemy.xy; }
ivec2 atlasTexel(ivec2 cell) { return cell + atlasShift; }
bool insideWindow(ivec2 cell) {
  return all(greaterThanEqual(cell, window.xy)) && all(lessThanEqual(cell, window.zw));
}
// The cost of entering a cell of this terrain class, with selects (no dynamic indexing).
int entryCost(int terrain) {
  return terrain == 0 ? costs.x : terrain == 1 ? costs.y : terrain == 2 ? costs.z
       : terrain == 3 ? costs.w : cost4;
}
