// Shared by the danger-zone passes (SPEC §7). One layer of each texture array per enemy.
// travel: R16UI, 0 = not reached, else the travel cost + 1. Texel (x, y) is map cell (x, y).
// The enemies' parameters come from an R32I texture, one row per layer.

uniform isampler2D enemies;  // row = layer: x, y, move, attack min, attack max, costs of terrain 0..4
uniform ivec2 mapSize;

const int kEnemyX = 0;
const int kEnemyY = 1;
const int kEnemyMove = 2;
const int kEnemyAttackMin = 3;
const int kEnemyAttackMax = 4;
const int kEnemyCosts = 5;          // five entries, 0 = impassable

const uint kOccupantCrossable = 1u;  // another enemy: crossed, not stood on
const uint kOccupantBlocking = 2u;   // a player or an ally: never entered

int enemyValue(int layer, int column) { return texelFetch(enemies, ivec2(column, layer), 0).r; }
ivec2 enemyCell(int layer) { return ivec2(enemyValue(layer, kEnemyX), enemyValue(layer, kEnemyY)); }

bool insideMap(ivec2 cell) {
  return all(greaterThanEqual(cell, ivec2(0))) && all(lessThan(cell, mapSize));
}
