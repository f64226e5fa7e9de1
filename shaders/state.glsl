// Shared by the solver passes: the state texture's channels (SPEC §4) as integers.
// R grey value, G reach (255 reached, 128 attackable, 0 none), B travel cost, A parent direction.
// Texel (x, y) is map cell (x, y): row 0 is the top of the map, "up" is y - 1.

const int kReachedMin = 192;   // G at or above this reads as reached
// The same test on the fetched value (byte / 255): 191/255 < 0.75 <= 192/255, so no byte is
// anywhere near the boundary.
const float kReachedMinNormalized = 0.75;
// While relaxing, a reached cell that travel does not continue through (a one-step cell beyond
// the range, or one the rules halt) holds G = kReachedHalted: still read as reached, but no
// neighbour takes a path through it. The attack pass (or the finishing pass) writes the
// canonical 255 before anyone reads the state. 0.94 lies between 224/255 and 255/255.
const int kReachedHalted = 224;
const float kLeadsOnMinNormalized = 0.94;
// What a relaxation pass writes as depth: the change test (changed.frag) counts the cells marked
// changed with a depth test, without reading the state.
const float kChangedDepth = 0.0;
const float kUnchangedDepth = 1.0;

int byteOf(float normalized) { return int(normalized * 255.0 + 0.5); }
ivec4 bytesOf(vec4 state) { return ivec4(state * 255.0 + 0.5); }

// What a pass writes: bytes as normalized floats that convert back to exactly those bytes
// whether the GPU rounds or truncates (k + 0.25 lies well inside byte k's interval), so state
// survives any number of ping-pong passes unchanged.
vec4 storedBytes(ivec4 bytes) { return (vec4(bytes) + 0.25) / 255.0; }
// The same for a texel fetched as it is (each channel byte / 255, to well under 0.25 / 255).
vec4 storedNormalized(vec4 state) { return state + 0.25 / 255.0; }

bool isReached(vec4 state) { return byteOf(state.g) >= kReachedMin; }
bool isAttackable(vec4 state) { int g = byteOf(state.g); return g >= 64 && g < kReachedMin; }
int travelCost(vec4 state) { return byteOf(state.b); }
// SPEC §4's reading of A, min(4, A / 51), without integer division (slow on llvmpipe): the +0.5
// keeps every byte at least 0.0098 away from a boundary, far beyond float division's error.
int parentDirection(vec4 state) { return min(4, int((float(byteOf(state.a)) + 0.5) / 51.0)); }  // 0 up .. 3 right, 4 none
bool insideMap(ivec2 cell, ivec2 mapSize) {
  return all(greaterThanEqual(cell, ivec2(0))) && all(lessThan(cell, mapSize));
}
